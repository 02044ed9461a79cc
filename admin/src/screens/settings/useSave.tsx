/**
 * A settings form's save (every settings form: Settings.tsx and settings/*.tsx, through useSettingsPart): shows what changed, or every problem the
 * server named (`JSON path: why`) on its field, and those no field holds above the form.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from 'antd/es/alert';
import AntApp from 'antd/es/app';
import Form from 'antd/es/form';
import type { FormInstance } from 'antd';
import type { AdminSettingsSaved } from '../../api.ts';
import type { Texts } from '../../i18n.ts';
import { errorText, useAction } from '../common.tsx';
import { showProblems } from '../fieldProblems.ts';
import type { FieldName } from '../settingsProblems.ts';

export function useSave(tx: Texts, form: FormInstance, fieldOf: (path: string) => FieldName | null, reload: () => void) {
  const { t } = tx;
  const { message } = AntApp.useApp();
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, run] = useAction((e) => {
    const left = showProblems(e, form, fieldOf);
    setGeneral(left);
    message.error(t('settingsRefused'));
  });
  const save = (send: () => Promise<AdminSettingsSaved>) => run(async () => {
    setGeneral([]);
    const { changes } = await send();
    message.success(changes.length ? t('settingsSaved', { changes: changes.join('; ') }) : t('settingsSame'));
    reload();
  });
  return { busy, general, save };
}

/**
 * One settings tab's form over its part of the shop file: `read` answers the part (`data`, null while it loads; `error`
 * when it could not be read), `formValues` puts it into the form, read again after each save; `save` as useSave's.
 */
export function useSettingsPart<T>(tx: Texts, read: () => Promise<T>, formValues: (part: T) => object, fieldOf: (path: string) => FieldName | null) {
  const [form] = Form.useForm();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  // The tab's own functions, new each render: the part is read when the form is made and after a save, not on each render.
  const source = useRef({ read, formValues });
  source.current = { read, formValues };
  const load = useCallback(() => {
    source.current.read().then((d) => {
      setData(d);
      form.resetFields();
      form.setFieldsValue(source.current.formValues(d));
    }, (e) => setError(errorText(e)));
  }, [form]);
  useEffect(load, [load]);
  return { form, data, error, ...useSave(tx, form, fieldOf, load) };
}

/** The problems no field holds, above the form. */
export function GeneralProblems({ tx, general }: { tx: Texts; general: string[] }) {
  if (!general.length) return null;
  return <Alert type="error" role="alert" message={tx.t('settingsRefused')} description={<ul>{general.map((g) => <li key={g}>{g}</li>)}</ul>} />;
}
