import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Typography from 'antd/es/typography';
import { api } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { errorText, useAction } from './common.tsx';

/** /admin/accept?token=…: the invited person chooses a password, then signs in. */
export function AcceptInvitation({ tx, go }: { tx: Texts; go: (to: string) => void }) {
  const { t } = tx;
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, run] = useAction((e) => setError(errorText(e)));
  if (done) return <Result status="success" title={t('accepted', { email: done })} extra={<Button type="primary" onClick={() => go('/admin')}>{t('signIn')}</Button>} />;
  return (
    <Card title={t('choosePassword')} style={{ maxWidth: 400, margin: '48px auto' }}>
      <Form layout="vertical" onFinish={(v: { password: string; again: string }) => run(async () => {
        setError('');
        setDone((await api.accept(token, v.password)).email);
      })}>
        <Form.Item label={t('password')} name="password" rules={[{ required: true, message: t('required') }]}><Input.Password autoComplete="new-password" /></Form.Item>
        <Form.Item label={t('passwordAgain')} name="again" dependencies={['password']} rules={[{ required: true, message: t('required') },
          ({ getFieldValue }) => ({ validator: (_r, value) => (value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('passwordsDiffer')))) })]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {error && <Typography.Paragraph type="danger" role="alert">{error}</Typography.Paragraph>}
        <Button type="primary" htmlType="submit" block loading={busy}>{t('save')}</Button>
      </Form>
    </Card>
  );
}

export default AcceptInvitation;
