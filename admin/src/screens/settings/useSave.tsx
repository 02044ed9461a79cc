/**
 * A settings form's save (every settings form: Settings.tsx and settings/*.tsx): shows what changed, or every problem the
 * server named (`JSON path: why`) on its field, and those no field holds above the form.
 */
import { useState } from 'react';
import Alert from 'antd/es/alert';
import AntApp from 'antd/es/app';
import type { FormInstance } from 'antd';
import type { AdminSettingsSaved } from '../../api.ts';
import type { Texts } from '../../i18n.ts';
import { useAction } from '../common.tsx';
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

/** The problems no field holds, above the form. */
export function GeneralProblems({ tx, general }: { tx: Texts; general: string[] }) {
  if (!general.length) return null;
  return <Alert type="error" role="alert" message={tx.t('settingsRefused')} description={<ul>{general.map((g) => <li key={g}>{g}</li>)}</ul>} />;
}
