/** The staff list and the invitation form (owner). */
import { useEffect, useState } from 'react';
import AntApp from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { api } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { errorText, useAction } from './common.tsx';

export function StaffList({ tx }: { tx: Texts }) {
  const { t, word, time } = tx;
  const { message } = AntApp.useApp();
  const [data, setData] = useState<Awaited<ReturnType<typeof api.staff>> | null>(null);
  const [error, setError] = useState('');
  const [busy, run] = useAction((e) => message.error(errorText(e)));
  const [form] = Form.useForm();
  useEffect(() => {
    api.staff().then(setData, (e) => setError(errorText(e)));
  }, []);
  if (error) return <Result status="403" title={error} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={t('invite')}>
        <Form form={form} layout="vertical" initialValues={{ role: 'staff', locale: tx.lang, name: '' }} onFinish={(v: { email: string; role: 'owner' | 'staff'; name: string; locale: 'en' | 'zh' }) => run(async () => {
          setData(await api.invite(v));
          message.success(t('invited', { email: v.email }));
          form.resetFields();
        })}>
          <Form.Item label={t('email')} name="email" rules={[{ required: true, message: t('required') }]}><Input type="email" /></Form.Item>
          <Form.Item label={t('name')} name="name"><Input maxLength={100} /></Form.Item>
          <Form.Item label={t('role')} name="role"><Select options={[{ value: 'staff', label: word('staff') }, { value: 'owner', label: word('owner') }]} /></Form.Item>
          <Form.Item label={t('mailLanguage')} name="locale"><Select options={[{ value: 'en', label: 'English' }, { value: 'zh', label: '中文' }]} /></Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>{t('invite')}</Button>
        </Form>
      </Card>
      <Table rowKey="email" size="small" loading={!data} dataSource={data?.staff ?? []} pagination={false} scroll={{ x: true }}
        columns={[
          { title: t('email'), dataIndex: 'email' },
          { title: t('role'), dataIndex: 'role', render: word },
          { title: t('lastSignIn'), dataIndex: 'lastLoginAt', render: (v: string | null) => (v ? time(v) : '-') },
          { title: '', key: 'state', render: (_: unknown, s) => <>{s.locked && <Tag color="orange">{t('locked')}</Tag>}{s.disabled && <Tag>{t('disabled')}</Tag>}</> },
        ]} />
    </Space>
  );
}

export default StaffList;
