/**
 * A settings form's save (every settings form: Settings.tsx and settings/*.tsx): shows what changed, or every problem the
 * server named (`JSON path: why`) on its field, and those no field holds above the form.
 */
import { useState } from 'react';
import Alert from 'antd/es/alert';
import AntApp from 'antd/es/app';
import type { FormInstance } from 'antd';
import { ApiFailure, type AdminSettingsSaved } from '../../api.ts';
import type { Texts } from '../../i18n.ts';
import { errorText, useAction } from '../common.tsx';
import { splitProblem, type FieldName } from '../settingsProblems.ts';

export function useSave(tx: Texts, form: FormInstance, fieldOf: (path: string) => FieldName | null, reload: () => void) {
  const { t } = tx;
  const { message } = AntApp.useApp();
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, run] = useAction((e) => {
    const problems = e instanceof ApiFailure ? e.errors.map(splitProblem) : [{ path: '', message: errorText(e) }];
    const fields = new Map<string, { name: FieldName; errors: string[] }>();
    const left: string[] = [];
    for (const p of problems) {
      const name = fieldOf(p.path);
      if (!name) {
        left.push(p.path ? `${p.path}: ${p.message}` : p.message);
        continue;
      }
      const key = JSON.stringify(name);
      fields.set(key, { name, errors: [...(fields.get(key)?.errors ?? []), p.message] });
    }
    form.setFields([...fields.values()]);
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
