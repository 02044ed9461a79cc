/** The sign-in form. */
import { useState } from 'react';
import { Button, Card, Form, Input, Typography } from 'antd';
import { api, type AdminSession } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { errorText } from './common.tsx';

export function SignIn({ tx, onSignedIn }: { tx: Texts; onSignedIn: (s: AdminSession) => void }) {
  const { t } = tx;
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Card title={t('title')} style={{ maxWidth: 400, margin: '48px auto' }}>
      <Form layout="vertical" onFinish={async (v: { email: string; password: string }) => {
        setBusy(true);
        setError('');
        try {
          onSignedIn(await api.signIn(v.email, v.password));
        } catch (e) {
          setError(errorText(e));
        } finally {
          setBusy(false);
        }
      }}>
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
