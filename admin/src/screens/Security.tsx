/**
 * The owner's authenticator step (features/admin/totp.ts): on or off, recovery codes left; set-up shows the otpauth://
 * URI as a QR code (uqr, drawn here as an SVG image: the page's CSP allows data: images) and its key as text, then a
 * code from the app turns it on and the recovery codes are shown once.
 */
import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { renderSVG } from 'uqr';
import { api } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { errorText, useAction } from './common.tsx';

type State = { totp: boolean; recoveryCodesLeft: number };

export function Security({ tx, onChanged }: { tx: Texts; onChanged: () => void }) {
  const { t } = tx;
  const [state, setState] = useState<State | null>(null);
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const [busy, act] = useAction((e) => setError(errorText(e)));
  const load = () => api.totp().then(setState, (e) => setError(errorText(e)));
  useEffect(() => {
    void load();
  }, []);
  const run = (work: () => Promise<void>) => act(async () => {
    setError('');
    await work();
  });
  const alert = error && <Alert type="error" role="alert" message={error} showIcon />;

  if (recovery) {
    return (
      <Card title={t('security')}>
        <Typography.Paragraph>{t('totpRecovery')}</Typography.Paragraph>
        <pre className="recovery-codes" data-testid="recovery-codes">{recovery.join('\n')}</pre>
        <Button type="primary" onClick={() => { setRecovery(null); setSetup(null); void load(); onChanged(); }}>{t('totpDone')}</Button>
      </Card>
    );
  }
  if (setup) {
    const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(setup.uri))}`;
    return (
      <Card title={t('totpSetUp')}>
        <Typography.Paragraph>{t('totpScan')}</Typography.Paragraph>
        <img src={qr} alt={setup.uri} width={200} height={200} data-testid="totp-qr" />
        <Typography.Paragraph>
          {t('totpKey')}: <Typography.Text code copyable data-testid="totp-secret">{setup.secret}</Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ wordBreak: 'break-all' }}>{setup.uri}</Typography.Paragraph>
        <Form layout="inline" onFinish={(v: { code: string }) => run(async () => setRecovery((await api.totpConfirm(v.code.trim())).recoveryCodes))}>
          <Form.Item label={t('code')} name="code" rules={[{ required: true, message: t('required') }]}>
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} style={{ width: 120 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>{t('totpConfirm')}</Button>
        </Form>
        {alert}
      </Card>
    );
  }
  return (
    <Card title={t('security')}>
      {state && <Typography.Paragraph data-testid="totp-state">{state.totp ? t('totpOn', { n: state.recoveryCodesLeft }) : t('totpOff')}</Typography.Paragraph>}
      {state && !state.totp && <Button type="primary" loading={busy} onClick={() => run(async () => setSetup(await api.totpSetup()))}>{t('totpSetUp')}</Button>}
      {state?.totp && (
        <Form layout="inline" onFinish={(v: { code: string }) => run(async () => { setState(await api.totpDisable(v.code.trim())); onChanged(); })}>
          <Space direction="vertical">
            <Typography.Text>{t('totpDisableHelp')}</Typography.Text>
            <Space wrap>
              <Form.Item label={t('code')} name="code" rules={[{ required: true, message: t('required') }]} style={{ marginBottom: 0 }}>
                <Input autoComplete="one-time-code" maxLength={20} style={{ width: 160 }} />
              </Form.Item>
              <Button danger htmlType="submit" loading={busy}>{t('totpDisable')}</Button>
            </Space>
          </Space>
        </Form>
      )}
      {alert}
    </Card>
  );
}

export default Security;
