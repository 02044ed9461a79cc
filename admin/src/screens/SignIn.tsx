/** The sign-in form. */
import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { api, type AdminSession } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { errorText, useAction } from './common.tsx';

export function SignIn({ tx, onSignedIn }: { tx: Texts; onSignedIn: (s: AdminSession) => void }) {
  const { t } = tx;
  const [error, setError] = useState('');
  const [busy, run] = useAction((e) => setError(errorText(e)));
  const [secondStep, setSecondStep] = useState(false);
  if (secondStep) return <CodeStep tx={tx} onSignedIn={onSignedIn} />;
  return (
    <Card title={t('title')} style={{ maxWidth: 400, margin: '48px auto' }}>
      <Form layout="vertical" onFinish={(v: { email: string; password: string }) => run(async () => {
        setError('');
        const s = await api.signIn(v.email, v.password);
        if (s.secondStep) setSecondStep(true);
        else onSignedIn(s);
      })}>
        <Form.Item label={t('email')} name="email" rules={[{ required: true, message: t('required') }]}>
          <Input type="email" autoComplete="username" />
        </Form.Item>
        <Form.Item label={t('password')} name="password" rules={[{ required: true, message: t('required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {error && <Typography.Paragraph type="danger" role="alert">{error}</Typography.Paragraph>}
        <Button type="primary" htmlType="submit" block loading={busy}>{t('signIn')}</Button>
      </Form>
    </Card>
  );
}

/** The second step, when the account has an authenticator app: its 6-digit code or a recovery code. */
function CodeStep({ tx, onSignedIn }: { tx: Texts; onSignedIn: (s: AdminSession) => void }) {
  const { t } = tx;
  const [error, setError] = useState('');
  const [busy, run] = useAction((e) => setError(errorText(e)));
  return (
    <Card title={t('title')} style={{ maxWidth: 400, margin: '48px auto' }}>
      <Form layout="vertical" onFinish={(v: { code: string }) => run(async () => {
        setError('');
        onSignedIn(await api.signInCode(v.code.trim()));
      })}>
        <Typography.Paragraph>{t('codeStep')}</Typography.Paragraph>
        <Form.Item label={t('code')} name="code" rules={[{ required: true, message: t('required') }]}>
          <Input autoComplete="one-time-code" inputMode="text" autoFocus maxLength={20} />
        </Form.Item>
        {error && <Typography.Paragraph type="danger" role="alert">{error}</Typography.Paragraph>}
        <Button type="primary" htmlType="submit" block loading={busy}>{t('verify')}</Button>
      </Form>
    </Card>
  );
}

export default SignIn;
