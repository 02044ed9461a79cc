/**
 * The shop's settings (owner): forms over the shop file's model, checked and applied as `npm run shop -- apply` does.
 * Locations and hours, delivery areas, then (settings/*.tsx) menus, pages, home sections, social links and the header. A refused save shows each problem on its field (settingsProblems.ts).
 */
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import type { FormInstance } from 'antd';
import { api, type AdminLocationsSettings } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { deliveryAreasField, locationsField } from './settingsProblems.ts';
import { useSettingsPart } from './settings/useSave.tsx';
import { HomeSections } from './settings/Home.tsx';
import { Menus } from './settings/Menus.tsx';
import { Pages } from './settings/Pages.tsx';
import { Social } from './settings/Social.tsx';

type Countries = AdminLocationsSettings['countries'];
const label = (tx: Texts, n: { en: string; zh: string }) => (tx.lang === 'zh' ? n.zh || n.en : n.en);

/** A province of the chosen country (Form.Item gives it value, onChange and id). */
function ProvinceSelect({ countries, country, tx, ...field }: { countries: Countries; country: string | undefined; tx: Texts; value?: string; onChange?: (v: string) => void; id?: string }) {
  const provinces = countries.find((c) => c.code === country)?.provinces ?? [];
  return <Select {...field} showSearch optionFilterProp="label" options={provinces.map((p) => ({ value: p.code, label: `${label(tx, p.name)} (${p.code})` }))} />;
}

function LocationCard({ tx, form, countries, index, onRemove }: { tx: Texts; form: FormInstance; countries: Countries; index: number; onRemove: () => void }) {
  const { t } = tx;
  const country = Form.useWatch(['storeLocations', index, 'address', 'country'], form);
  const id = Form.useWatch(['storeLocations', index, 'id'], form);
  const half = { xs: 24, md: 12 };
  return (
    <Card size="small" title={id || `#${index + 1}`} data-testid="location" extra={<Button size="small" danger onClick={onRemove}>{t('remove')}</Button>}>
      <Row gutter={12}>
        <Col {...half}><Form.Item label={t('storeCode')} name={[index, 'id']}><Input maxLength={40} /></Form.Item></Col>
        <Col xs={12} md={6}><Form.Item label={t('shown')} name={[index, 'display']} valuePropName="checked"><Switch /></Form.Item></Col>
        <Col xs={12} md={6}><Form.Item label={t('warehouse')} name={[index, 'virtual']} valuePropName="checked"><Switch /></Form.Item></Col>
        <Col {...half}><Form.Item label={t('nameEn')} name={[index, 'name', 'en']}><Input maxLength={80} /></Form.Item></Col>
        <Col {...half}><Form.Item label={t('nameZh')} name={[index, 'name', 'zh']}><Input maxLength={80} /></Form.Item></Col>
        <Col span={24}><Form.Item label={t('street')} name={[index, 'address', 'street']}><Input maxLength={120} /></Form.Item></Col>
        <Col {...half}><Form.Item label={t('city')} name={[index, 'address', 'city']}><Input maxLength={80} /></Form.Item></Col>
        <Col {...half}><Form.Item label={t('postCode')} name={[index, 'address', 'postCode']}><Input maxLength={20} /></Form.Item></Col>
        <Col {...half}><Form.Item label={t('country')} name={[index, 'address', 'country']}>
          <Select options={countries.map((c) => ({ value: c.code, label: `${label(tx, c.name)} (${c.code})` }))} />
        </Form.Item></Col>
        <Col {...half}><Form.Item label={t('province')} name={[index, 'address', 'province']}><ProvinceSelect tx={tx} countries={countries} country={country} /></Form.Item></Col>
        <Col span={24}><Form.Item label={t('landingPage')} name={[index, 'landingPageUrl']}><Input maxLength={500} /></Form.Item></Col>
      </Row>
    </Card>
  );
}

function HoursCard({ tx, part, title }: { tx: Texts; part: 'pickup' | 'delivery'; title: string }) {
  const { t } = tx;
  const cell = { xs: 12, md: 8, lg: 4 };
  return (
    <Card size="small" title={title} data-testid={`hours-${part}`}>
      <Row gutter={12}>
        <Col {...cell}><Form.Item label={t('opens')} name={[part, 'openTime']}><Input inputMode="numeric" placeholder="09:00" maxLength={5} /></Form.Item></Col>
        <Col {...cell}><Form.Item label={t('closes')} name={[part, 'closeTime']}><Input inputMode="numeric" placeholder="18:00" maxLength={5} /></Form.Item></Col>
        <Col {...cell}><Form.Item label={t('slotMinutes')} name={[part, 'slotMinutes']}><InputNumber controls={false} min={0} precision={0} style={{ width: '100%' }} /></Form.Item></Col>
        <Col {...cell}><Form.Item label={t('leadMinutes')} name={[part, 'leadTimeMinutes']}><InputNumber controls={false} min={0} precision={0} style={{ width: '100%' }} /></Form.Item></Col>
        <Col {...cell}><Form.Item label={t('daysAhead')} name={[part, 'daysAhead']}><InputNumber controls={false} min={0} precision={0} style={{ width: '100%' }} /></Form.Item></Col>
      </Row>
    </Card>
  );
}

const NEW_LOCATION = { id: '', display: true, virtual: false, name: { en: '', zh: '' }, address: { street: '', city: '', province: '', postCode: '', country: '' }, landingPageUrl: '' };

function LocationsAndHours({ tx }: { tx: Texts }) {
  const { t } = tx;
  const { form, data, error, busy, general, save } = useSettingsPart(tx, api.locations, (d) => ({ storeLocations: d.storeLocations, timeZone: d.timeZone, pickup: d.pickup, delivery: d.delivery }), locationsField);
  if (error) return <Result status="error" title={error} />;
  if (!data) return <Spin />;
  return (
    <Form form={form} layout="vertical" onFinish={(v) => save(() => api.saveLocations({
      storeLocations: v.storeLocations ?? [], timeZone: v.timeZone ?? '', pickup: v.pickup, delivery: v.delivery,
    }))}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('settingsNote')}</Typography.Text>
        {general.length > 0 && <Alert type="error" role="alert" message={t('settingsRefused')} description={<ul>{general.map((g) => <li key={g}>{g}</li>)}</ul>} />}
        <Typography.Title level={4}>{t('hours')}</Typography.Title>
        <Form.Item label={t('timeZone')} name="timeZone" style={{ maxWidth: 360 }}><Input maxLength={64} /></Form.Item>
        <HoursCard tx={tx} part="pickup" title={t('pickupHours')} />
        <HoursCard tx={tx} part="delivery" title={t('deliveryHours')} />
        <Typography.Title level={4}>{t('locations')}</Typography.Title>
        <Form.List name="storeLocations">
          {(fields, { add, remove }) => (
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              {fields.map((f) => <LocationCard key={f.key} tx={tx} form={form} countries={data.countries} index={f.name} onRemove={() => remove(f.name)} />)}
              <Button onClick={() => add(structuredClone(NEW_LOCATION))}>{t('addLocation')}</Button>
            </Space>
          )}
        </Form.List>
        <Button type="primary" htmlType="submit" loading={busy}>{t('save')}</Button>
      </Space>
    </Form>
  );
}

function AreaCard({ tx, form, countries, index, onRemove }: { tx: Texts; form: FormInstance; countries: Countries; index: number; onRemove: () => void }) {
  const { t } = tx;
  const country = Form.useWatch(['deliveryAreas', index, 'country'], form);
  const province = Form.useWatch(['deliveryAreas', index, 'province'], form);
  return (
    <Card size="small" title={[country, province].filter(Boolean).join('-') || `#${index + 1}`} data-testid="area" extra={<Button size="small" danger onClick={onRemove}>{t('remove')}</Button>}>
      <Row gutter={12}>
        <Col xs={24} md={12}><Form.Item label={t('country')} name={[index, 'country']}>
          <Select options={countries.map((c) => ({ value: c.code, label: `${label(tx, c.name)} (${c.code})` }))} />
        </Form.Item></Col>
        <Col xs={24} md={12}><Form.Item label={t('province')} name={[index, 'province']}><ProvinceSelect tx={tx} countries={countries} country={country} /></Form.Item></Col>
      </Row>
      <Typography.Text strong>{t('cities')}</Typography.Text>
      <Form.List name={[index, 'cities']}>
        {(cities, { add, remove }) => (
          <>
            {cities.map((c) => (
              <Row gutter={8} key={c.key} align="top">
                <Col xs={10} md={10}><Form.Item name={[c.name, 'en']}><Input placeholder={t('cityEn')} aria-label={t('cityEn')} maxLength={80} /></Form.Item></Col>
                <Col xs={10} md={10}><Form.Item name={[c.name, 'zh']}><Input placeholder={t('cityZh')} aria-label={t('cityZh')} maxLength={80} /></Form.Item></Col>
                <Col xs={4} md={4}><Button onClick={() => remove(c.name)} aria-label={`${t('remove')} ${c.name + 1}`}>✕</Button></Col>
              </Row>
            ))}
            <Button size="small" onClick={() => add({ en: '', zh: '' })}>{t('addCity')}</Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}

function DeliveryAreas({ tx }: { tx: Texts }) {
  const { t } = tx;
  const { form, data, error, busy, general, save } = useSettingsPart(tx, api.deliveryAreas, (d) => ({ deliveryAreas: d.deliveryAreas }), deliveryAreasField);
  if (error) return <Result status="error" title={error} />;
  if (!data) return <Spin />;
  return (
    <Form form={form} layout="vertical" onFinish={(v) => save(() => api.saveDeliveryAreas({
      deliveryAreas: (v.deliveryAreas ?? []).map((a: any) => ({ country: a.country ?? '', province: a.province ?? '', cities: (a.cities ?? []).map((c: any) => ({ en: c.en ?? '', zh: c.zh || null })) })),
    }))}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('settingsNote')}</Typography.Text>
        {general.length > 0 && <Alert type="error" role="alert" message={t('settingsRefused')} description={<ul>{general.map((g) => <li key={g}>{g}</li>)}</ul>} />}
        <Form.List name="deliveryAreas">
          {(fields, { add, remove }) => (
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              {fields.map((f) => <AreaCard key={f.key} tx={tx} form={form} countries={data.countries} index={f.name} onRemove={() => remove(f.name)} />)}
              <Button onClick={() => add({ country: '', province: '', cities: [] })}>{t('addArea')}</Button>
            </Space>
          )}
        </Form.List>
        <Button type="primary" htmlType="submit" loading={busy}>{t('save')}</Button>
      </Space>
    </Form>
  );
}

const TABS = ['locations', 'delivery', 'menus', 'pages', 'home', 'social'] as const;
type Tab = (typeof TABS)[number];
const pathOf = (tab: Tab) => (tab === 'locations' ? '/admin/settings' : `/admin/settings/${tab}`);

/** /admin/settings (locations and hours), /admin/settings/delivery (delivery areas), .../menus, .../pages, .../home, .../social. */
export function Settings({ tx, path, go }: { tx: Texts; path: string; go: (to: string) => void }) {
  const { t } = tx;
  const active = TABS.find((k) => pathOf(k) === path) ?? 'locations';
  return (
    <Tabs activeKey={active} destroyInactiveTabPane onChange={(k) => go(pathOf(k as Tab))}
      items={[
        { key: 'locations', label: t('locationsAndHours'), children: <LocationsAndHours tx={tx} /> },
        { key: 'delivery', label: t('deliveryAreas'), children: <DeliveryAreas tx={tx} /> },
        { key: 'menus', label: t('menusTab'), children: <Menus tx={tx} /> },
        { key: 'pages', label: t('pagesTab'), children: <Pages tx={tx} /> },
        { key: 'home', label: t('homeTab'), children: <HomeSections tx={tx} /> },
        { key: 'social', label: t('socialTab'), children: <Social tx={tx} /> },
      ]} />
  );
}

export default Settings;
