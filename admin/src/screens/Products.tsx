/**
 * Products (issue 43): search; the catalogue file out and in through the importer (owner). A product's page is
 * ProductPage.tsx.
 */
import { useCallback, useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import AntApp from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import { api, ApiFailure, type AdminProductList } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { errorText, useAction } from './common.tsx';

/** A stored image's address (the card-sized one of an imported photo). */
export const imageUrl = (name: string, card = false) =>
  /^https?:\/\//.test(name) ? name : `/api/istore/client/common3/image/${encodeURIComponent(card ? name.replace(/^(photo-[0-9a-f]{16})\.jpg$/, '$1-400.jpg') : name)}`;

function CatalogFile({ tx }: { tx: Texts }) {
  const { t } = tx;
  const { message } = AntApp.useApp();
  const [check, setCheck] = useState(true);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, run] = useAction((e) => setProblems(e instanceof ApiFailure ? e.errors : [errorText(e)]));
  const download = async (format: 'csv' | 'json') => {
    try {
      const file = await api.exportCatalog(format);
      const url = URL.createObjectURL(new Blob([file.text], { type: format === 'csv' ? 'text/csv' : 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = file.name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      message.error(errorText(e));
    }
  };
  const upload = (file: File) => run(async () => {
    const format = /\.csv$/i.test(file.name) ? 'csv' : 'json';
    setProblems([]);
    const s = await api.importCatalog({ format, text: await file.text(), dryRun: check });
    const vars = { added: s.productsAdded, updated: s.productsUpdated, photos: s.photosAdded };
    message.success(s.dryRun ? t('importChecked', vars) : t('imported', vars));
  });
  return (
    <Card size="small" title={t('catalogFile')}>
      <Space wrap>
        <Button onClick={() => download('csv')}>{t('exportCsv')}</Button>
        <Button onClick={() => download('json')}>{t('exportJson')}</Button>
        <Checkbox checked={check} onChange={(e) => setCheck(e.target.checked)}>{t('checkFile')}</Checkbox>
        <Upload accept=".csv,.json" showUploadList={false} beforeUpload={(f) => { void upload(f); return false; }}>
          <Button loading={busy}>{t('importFile')}</Button>
        </Upload>
      </Space>
      {problems.length > 0 && <Alert style={{ marginTop: 12 }} type="error" role="alert" message={problems[0]} description={problems.length > 1 ? <ul>{problems.slice(1, 50).map((p) => <li key={p}>{p}</li>)}</ul> : undefined} />}
    </Card>
  );
}

export function Products({ tx, go, can }: { tx: Texts; go: (to: string) => void; can: (p: string) => boolean }) {
  const { t, money } = tx;
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AdminProductList | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(() => {
    api.products({ q: text || undefined, offset: page > 1 ? String((page - 1) * 20) : undefined }).then((d) => { setData(d); setError(''); }, (e) => setError(errorText(e)));
  }, [text, page]);
  useEffect(load, [load]);
  const name = (n: { en: string; zh: string }) => (tx.lang === 'zh' ? n.zh || n.en : n.en);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Input.Search placeholder={t('search')} aria-label={t('search')} enterButton onSearch={(v) => { setPage(1); setText(v.trim()); }} style={{ maxWidth: 480 }} />
      {error && <Typography.Text type="danger" role="alert">{error}</Typography.Text>}
      <Table rowKey="id" size="small" loading={!data && !error} dataSource={data?.items ?? []} scroll={{ x: true }}
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        onRow={(p) => ({ onClick: () => go(`/admin/products/${p.id}`), style: { cursor: 'pointer' } })}
        columns={[
          { title: '', dataIndex: 'image', width: 56, render: (img: string | null) => (img ? <img src={imageUrl(img, true)} alt="" width={40} height={40} style={{ objectFit: 'cover' }} /> : null) },
          { title: t('product'), key: 'name', render: (_: unknown, p) => <a href={`/admin/products/${p.id}`} onClick={(e) => { e.preventDefault(); go(`/admin/products/${p.id}`); }}>{name(p.name)}</a> },
          { title: t('sku'), dataIndex: 'sku', responsive: ['md'] },
          { title: t('price'), key: 'price', render: (_: unknown, p) => money(p.price, p.currency) },
          { title: t('stockTotal'), key: 'stock', render: (_: unknown, p) => <>{p.stock}{p.soldOut > 0 && <Tag color="orange" style={{ marginLeft: 6 }}>{t('soldOutCount', { n: p.soldOut })}</Tag>}</> },
        ]} />
      {can('catalog.edit') && <CatalogFile tx={tx} />}
    </Space>
  );
}

export default Products;
