/**
 * A cover of a blog post or a group buy (a Form control: value, onChange, id): an image name or an https address typed,
 * or a photo uploaded (checked and resized on the server as the catalogue importer does: a refusal says why), shown.
 */
import { useState } from 'react';
import AntApp from 'antd/es/app';
import Button from 'antd/es/button';
import Image from 'antd/es/image';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Upload from 'antd/es/upload';
import { api } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { base64Of, errorText } from './common.tsx';
import { imageUrl } from './Products.tsx';

export function CoverField({ tx, area, value, onChange, id }: { tx: Texts; area: 'blog' | 'campaigns'; value?: string | null; onChange?: (v: string) => void; id?: string }) {
  const { t } = tx;
  const { message } = AntApp.useApp();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const { image } = await api.uploadCover(area, await base64Of(file));
      onChange?.(image);
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} maxLength={600} />
        <Upload accept="image/png,image/jpeg,image/gif,image/webp" showUploadList={false} beforeUpload={(file) => { void upload(file); return false; }}>
          <Button loading={busy}>{t('uploadCover')}</Button>
        </Upload>
      </Space.Compact>
      {value ? <Image src={imageUrl(value, true)} preview={{ src: imageUrl(value) }} height={90} style={{ objectFit: 'cover' }} alt="" data-testid="cover" /> : null}
    </Space>
  );
}
