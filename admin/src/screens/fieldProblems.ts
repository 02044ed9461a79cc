/**
 * A refusal's problems on the form's fields: the server names each as `field: why` (`title.zh: required`,
 * `items[1].stock: ...`); `fieldOf` turns the path into the form's field name, or null when no field holds it (those are
 * answered, for the screen to show above its form). Blog posts, group buys and every settings form (settings/useSave.tsx);
 * settingsProblems.ts splits the paths.
 */
import type { FormInstance } from 'antd/es/form';
import { ApiFailure } from '../api.ts';
import { errorText } from './common.tsx';
import { splitProblem, type FieldName } from './settingsProblems.ts';

export function showProblems(e: unknown, form: FormInstance, fieldOf: (path: string) => FieldName | null): string[] {
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
  return left;
}
