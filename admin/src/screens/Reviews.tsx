/**
 * Influencer reviews (owner and staff; what `npm run influencers` does): the profiles, those waiting first; one
 * profile's version to review with its pictures; approve, reject with a reason the shopper sees, or suspend.
 */
import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Image from 'antd/es/image';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { api, type AdminReview, type AdminReviewList } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { errorText, useAction } from './common.tsx';

const REVIEW_COLOURS: Record<string, string> = { PENDING: 'orange', CHECKING: 'blue', REJECTED: 'red', NONE: 'default' };

export function Reviews({ tx, path, go }: { tx: Texts; path: string; go: (p: string) => void }) {
  const { t, time } = tx;
  const id = /^\/admin\/reviews\/(\d+)$/.exec(path)?.[1];
  const [list, setList] = useState<AdminReviewList | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!id) api.reviews().then(setList, (e) => setError(errorText(e)));
  }, [id]);
  if (id) return <ReviewPage key={id} tx={tx} id={id} go={go} />;
  if (error) return <Result status="error" title={error} />;
  return (
    <Table rowKey="id" size="small" loading={!list} dataSource={list?.profiles ?? []} pagination={{ pageSize: 50 }} scroll={{ x: true }}
      onRow={(r) => ({ onClick: () => go(`/admin/reviews/${r.id}`), style: { cursor: 'pointer' } })}
      columns={[
        { title: t('reviewProfile'), key: 'name', render: (_: unknown, r) => <a href={`/admin/reviews/${r.id}`} onClick={(e) => { e.preventDefault(); go(`/admin/reviews/${r.id}`); }}>{r.displayName}</a> },
        { title: t('reviewState'), key: 'review', render: (_: unknown, r) => <Space size={4} wrap><Tag color={REVIEW_COLOURS[r.review]}>{t(`review_${r.review}` as never) || r.review}</Tag><Tag>{tx.word(r.status)}</Tag></Space> },
        { title: t('email'), dataIndex: 'email', responsive: ['md'] },
        { title: t('reviewSubmitted'), dataIndex: 'submittedAt', render: time, responsive: ['md'] },
      ]} />
  );
}

function ReviewPage({ tx, id, go }: { tx: Texts; id: string; go: (p: string) => void }) {
  const { t } = tx;
  const [page, setPage] = useState<AdminReview | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, run] = useAction((e) => setError(errorText(e)));
  useEffect(() => {
    api.review(id).then(setPage, (e) => setError(errorText(e)));
  }, [id]);
  const decide = (decision: 'approve' | 'reject' | 'suspend') => run(async () => {
    setError('');
    setPage(await api.decideReview(id, decision, reason.trim()));
    setReason('');
  });
  if (!page) return error ? <Result status="error" title={error} /> : <Card loading />;
  const v = page.version;
  const waiting = page.profile.review === 'PENDING' || page.profile.review === 'CHECKING';
  return (
    <Card title={`${t('reviewProfile')} ${page.profile.id}: ${v.displayName}`} extra={<Button onClick={() => go('/admin/reviews')}>{t('reviewBack')}</Button>}>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('reviewState')}><span data-testid="review-state">{t(`review_${page.profile.review}` as never) || page.profile.review}</span> · {tx.word(page.profile.status)}</Descriptions.Item>
        <Descriptions.Item label={t('email')}>{page.profile.email}</Descriptions.Item>
        <Descriptions.Item label="Bio (en)"><span style={{ whiteSpace: 'pre-wrap' }}>{v.bio.en}</span></Descriptions.Item>
        <Descriptions.Item label="简介 (zh)"><span style={{ whiteSpace: 'pre-wrap' }}>{v.bio.zh}</span></Descriptions.Item>
        {v.socialLinks.length > 0 && <Descriptions.Item label={t('reviewLinks')}>{v.socialLinks.map((l) => `${l.label}: ${l.url}`).join('\n')}</Descriptions.Item>}
        {page.profile.reason && <Descriptions.Item label={t('reason')}>{page.profile.reason}</Descriptions.Item>}
      </Descriptions>
      {page.images.length > 0 && (
        <Space wrap style={{ marginTop: 12 }}>
          {page.images.map((i) => <Image key={i.name} src={i.url} width={120} alt={i.name} />)}
        </Space>
      )}
      <Space direction="vertical" style={{ marginTop: 16, width: '100%' }}>
        <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={2} placeholder={t('reviewReason')} aria-label={t('reviewReason')} />
        <Space wrap>
          <Button type="primary" disabled={!waiting && page.profile.status !== 'SUSPENDED'} loading={busy} onClick={() => decide('approve')}>{t('reviewApprove')}</Button>
          <Button danger disabled={!waiting} loading={busy} onClick={() => decide('reject')}>{t('reviewReject')}</Button>
          <Button disabled={page.profile.status === 'SUSPENDED'} loading={busy} onClick={() => decide('suspend')}>{t('reviewSuspend')}</Button>
        </Space>
        {error && <Alert type="error" role="alert" message={error} showIcon />}
      </Space>
    </Card>
  );
}

export default Reviews;
