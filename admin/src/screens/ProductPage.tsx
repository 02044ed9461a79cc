/**
 * A product (issue 43): its price and photos (owner), and the stock of each option combination (staff and owner). A
 * photo passes the catalogue importer's checks on the server; a refusal says why.
 */
import { useEffect, useState } from 'react';
import AntApp from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Image from 'antd/es/image';
import InputNumber from 'antd/es/input-number';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import { api, type AdminProduct } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { base64Of, errorText, useAction } from './common.tsx';
import { imageUrl } from './Products.tsx';

function StockCell({ tx, product, combination, stock, onSaved }: { tx: Texts; product: AdminProduct; combination: string; stock: number; onSaved: (p: AdminProduct) => void }) {
  const { t } = tx;
  const { message } = AntApp.useApp();
  const [value, setValue] = useState<number | null>(stock);
  const [busy, run] = useAction((e) => message.error(errorText(e)));
  useEffect(() => setValue(stock), [stock]);
  const label = product.variants.find((v) => v.combination === combination)?.label;
  const what = combination ? (tx.lang === 'zh' ? label?.zh : label?.en) ?? combination : t('noOptions');
  return (
    <Space.Compact>
      <InputNumber controls={false} min={0} max={1_000_000} precision={0} value={value} onChange={setValue} aria-label={`${t('stockTotal')} ${what}`} style={{ width: 110 }} />
      <Button loading={busy} disabled={value === null || value === stock} onClick={() => run(async () => {
        const after = await api.setStock(product.id, combination, value ?? 0);
        onSaved(after);
        message.success(t('stockSaved', { what, n: value ?? 0 }));
      })}>{t('setStock')}</Button>
    </Space.Compact>
  );
}

/** A combination's own price (owner): empty sells it at the product's price. */
function VariantPriceCell({ tx, product, combination, onSaved }: { tx: Texts; product: AdminProduct; combination: string; onSaved: (p: AdminProduct) => void }) {
  const { t, money, decimals } = tx;
  const { message } = AntApp.useApp();
  const d = decimals(product.currency);
  const v = product.variants.find((x) => x.combination === combination)!;
  const [value, setValue] = useState<number | null>(v.price === null ? null : v.price / 10 ** d);
  const [busy, run] = useAction((e) => message.error(errorText(e)));
  useEffect(() => setValue(v.price === null ? null : v.price / 10 ** d), [v.price, d]);
  const minor = value === null ? null : Math.round(value * 10 ** d);
  const what = tx.lang === 'zh' ? v.label.zh : v.label.en;
  return (
    <Space.Compact>
      <InputNumber controls={false} min={0} step={1 / 10 ** d} precision={d} value={value} onChange={setValue} placeholder={money(product.price, product.currency)}
        aria-label={`${t('price')} ${what}`} style={{ width: 120 }} />
      <Button loading={busy} disabled={minor === v.price} onClick={() => run(async () => {
        // A list price of its own stays only while it is above the new price; the product's price clears both.
        const list = minor !== null && v.listPrice !== null && v.listPrice > minor ? v.listPrice : null;
        const after = await api.setVariantPrice(product.id, combination, minor, list);
        onSaved(after);
        message.success(t('priceSaved', { price: minor === null ? money(product.price, product.currency) : money(minor, product.currency) }));
      })}>{t('setStock')}</Button>
    </Space.Compact>
  );
}

export function ProductPage({ tx, id, go, can }: { tx: Texts; id: string; go: (to: string) => void; can: (p: string) => boolean }) {
  const { t, money, decimals } = tx;
  const { message } = AntApp.useApp();
  const [product, setProduct] = useState<AdminProduct | null>(null);
  const [error, setError] = useState('');
  const [price, setPrice] = useState<number | null>(null);
  const [busy, setBusy] = useState('');
  useEffect(() => {
    api.product(id).then((p) => { setProduct(p); setPrice(p.price / 10 ** decimals(p.currency)); }, (e) => setError(errorText(e)));
  }, [id, decimals]);
  if (error) return <Result status="404" title={error} extra={<Button onClick={() => go('/admin/products')}>{t('backToProducts')}</Button>} />;
  if (!product) return <Spin />;
  const d = decimals(product.currency);
  const owner = can('catalog.edit');
  const name = tx.lang === 'zh' ? product.name.zh || product.name.en : product.name.en;
  const run = async (what: string, fn: () => Promise<AdminProduct>, done: (p: AdminProduct) => string) => {
    setBusy(what);
    try {
      const after = await fn();
      setProduct(after);
      setPrice(after.price / 10 ** d);
      message.success(done(after));
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy('');
    }
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Button onClick={() => go('/admin/products')}>{t('backToProducts')}</Button>
      <Typography.Title level={3}>{name}</Typography.Title>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2 }}>
        <Descriptions.Item label={t('sku')}>{product.sku ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('price')}><span data-testid="price">{money(product.price, product.currency)}</span></Descriptions.Item>
        {product.listPrice !== null && <Descriptions.Item label={t('listPrice')}>{money(product.listPrice, product.currency)}</Descriptions.Item>}
      </Descriptions>
      {owner ? (
        <Card size="small" title={t('priceLabel', { currency: product.currency })}>
          <Space.Compact>
            <InputNumber controls={false} min={0} step={1 / 10 ** d} precision={d} value={price} onChange={setPrice} aria-label={t('priceLabel', { currency: product.currency })} style={{ width: 160 }} />
            <Button type="primary" loading={busy === 'price'} disabled={price === null || Math.round(price * 10 ** d) === product.price}
              onClick={() => run('price', () => api.setPrice(product.id, Math.round((price ?? 0) * 10 ** d)), (p) => t('priceSaved', { price: money(p.price, p.currency) }))}>{t('save')}</Button>
          </Space.Compact>
        </Card>
      ) : <Typography.Text type="secondary">{t('staffStockOnly')}</Typography.Text>}
      <Table rowKey="combination" size="small" pagination={false} title={() => t('stockTotal')} dataSource={product.variants} scroll={{ x: true }}
        columns={[
          { title: t('combination'), key: 'label', render: (_: unknown, v) => (v.combination ? (tx.lang === 'zh' ? v.label.zh : v.label.en) : t('noOptions')) },
          { title: t('sku'), dataIndex: 'sku', responsive: ['md'], render: (s: string | null) => s ?? '-' },
          { title: '', key: 'state', render: (_: unknown, v) => (v.stock <= 0 ? <Tag color="orange">{t('soldOut')}</Tag> : null) },
          ...(product.variants.length > 1 || product.variants[0]?.combination ? [{
            title: t('price'), key: 'price',
            render: (_: unknown, v: AdminProduct['variants'][number]) => (owner
              ? <VariantPriceCell tx={tx} product={product} combination={v.combination} onSaved={setProduct} />
              : money(v.price ?? product.price, product.currency)),
          }] : []),
          { title: t('stockTotal'), key: 'stock', render: (_: unknown, v) => (can('stock.edit') ? <StockCell tx={tx} product={product} combination={v.combination} stock={v.stock} onSaved={setProduct} /> : v.stock) },
        ]} />
      <Card size="small" title={t('photos')}>
        <Space wrap align="start">
          {product.images.map((img) => (
            <Space direction="vertical" key={img} align="center">
              <Image src={imageUrl(img, true)} preview={{ src: imageUrl(img) }} width={120} height={120} style={{ objectFit: 'cover' }} alt={name} data-testid="photo" />
              {owner && (
                <Space size={4} wrap>
                  {img !== product.images[0] && (
                    <Button size="small" loading={busy === `main ${img}`} onClick={() => run(`main ${img}`, () => api.setPhotos(product.id, [img, ...product.images.filter((x) => x !== img)]), () => t('photosSaved'))}>{t('makeMain')}</Button>
                  )}
                  <Button size="small" danger loading={busy === img} onClick={() => run(img, () => api.setPhotos(product.id, product.images.filter((x) => x !== img)), () => t('photosSaved'))}>{t('remove')}</Button>
                </Space>
              )}
            </Space>
          ))}
        </Space>
        {owner && (
          <div style={{ marginTop: 12 }}>
            <Upload accept="image/png,image/jpeg,image/gif,image/webp" showUploadList={false}
              beforeUpload={(file) => { void run('photo', async () => api.addPhoto(product.id, await base64Of(file)), () => t('photoAdded')); return false; }}>
              <Button loading={busy === 'photo'}>{t('uploadPhoto')}</Button>
            </Upload>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>{t('photoHint')}</Typography.Paragraph>
          </div>
        )}
      </Card>
    </Space>
  );
}

export default ProductPage;
