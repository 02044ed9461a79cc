/**
 * The social links (owner): each network's page, which the footer and side menu show as an icon when set (Instagram
 * also by its user name), and where the storefront hides its header (headerControl of the shop file).
 */
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { api, type AdminSocialSettings } from '../../api.ts';
import type { Key, Texts } from '../../i18n.ts';
import { NETWORKS, socialField } from './fields.ts';
import { GeneralProblems, useSettingsPart } from './useSave.tsx';

const NETWORK_NAMES: Record<(typeof NETWORKS)[number], string> = {
  instagram: 'Instagram', facebook: 'Facebook', twitter: 'X (Twitter)', youTube: 'YouTube', linkedin: 'LinkedIn', pinterest: 'Pinterest',
};
const HEADER: [keyof AdminSocialSettings['headerControl'], Key][] = [
  ['notDisplayheaderInMP', 'hideInMP'], ['notDisplayheaderInAli', 'hideInAli'], ['notDisplayheaderInMobile', 'hideOnMobile'], ['notDisplayheaderInDesktop', 'hideOnDesktop'],
];

/** The form's values as saved: a page left empty is left out (no icon). */
export function cleanSocial(v: any): AdminSocialSettings {
  const social: Record<string, { pageURL?: string; userName?: string }> = {};
  for (const n of NETWORKS) {
    const pageURL = String(v?.social?.[n]?.pageURL ?? '').trim();
    const userName = n === 'instagram' ? String(v?.social?.[n]?.userName ?? '').trim() : '';
    if (pageURL || userName) social[n] = { ...(userName ? { userName } : {}), ...(pageURL ? { pageURL } : {}) };
  }
  const headerControl = Object.fromEntries(HEADER.map(([k]) => [k, !!v?.headerControl?.[k]]));
  return { social, headerControl };
}

export function Social({ tx }: { tx: Texts }) {
  const { t } = tx;
  const { form, data, error, busy, general, save } = useSettingsPart(tx, api.social, (d) => d, socialField);
  if (error) return <Result status="error" title={error} />;
  if (!data) return <Spin />;
  return (
    <Form form={form} layout="vertical" onFinish={() => save(() => api.saveSocial(cleanSocial(form.getFieldsValue(true))))}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('settingsNote')}</Typography.Text>
        <GeneralProblems tx={tx} general={general} />
        <Card size="small" title={t('socialLinks')} data-testid="social">
          <Row gutter={12}>
            <Col xs={24} md={12}><Form.Item label={t('instagramUser')} name={['social', 'instagram', 'userName']}><Input maxLength={40} /></Form.Item></Col>
            {NETWORKS.map((n) => (
              <Col xs={24} md={12} key={n}><Form.Item label={t('pageUrl', { network: NETWORK_NAMES[n] })} name={['social', n, 'pageURL']}><Input maxLength={500} inputMode="url" placeholder="https://" /></Form.Item></Col>
            ))}
          </Row>
        </Card>
        <Card size="small" title={t('headerControl')} data-testid="header-control">
          <Row gutter={12}>
            {HEADER.map(([k, label]) => (
              <Col xs={12} md={6} key={k}><Form.Item label={t(label)} name={['headerControl', k]} valuePropName="checked"><Switch /></Form.Item></Col>
            ))}
          </Row>
        </Card>
        <Button type="primary" htmlType="submit" loading={busy}>{t('save')}</Button>
      </Space>
    </Form>
  );
}
