import {
  AlertOutlined,
  AuditOutlined,
  CalendarOutlined,
  CarOutlined,
  ExperimentOutlined,
  FieldTimeOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  InboxOutlined,
  ScheduleOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { formatNumber } from '@qlcv/common/format/number';
import { REQUEST_STATUS_LABELS } from '@qlcv/common/labels';
import {
  type Dashboard,
  type DashboardCardKey,
  type DashboardLink,
  DASHBOARD_CARD_LABELS as LABELS,
} from '@qlcv/common/schemas/dashboard';
import { REQUEST_STATUSES } from '@qlcv/common/schemas/requests';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { urlFor } from '@/lib/routes';
import { REQUEST_STATUS_CHART_COLORS } from './status-colors';

/** The list a card opens: its route plus the filters, from the response's `links`. */
export function linkOf(link: DashboardLink | undefined): string | null {
  if (!link) return null;
  try {
    const qs = new URLSearchParams(link.query).toString();
    return `${urlFor(link.route)}${qs ? `?${qs}` : ''}`;
  } catch {
    return null; // A route name this build does not know: show the figure without a link.
  }
}

function FigureCard({
  cardKey,
  title,
  value,
  icon,
  href,
  danger,
  extra,
}: {
  cardKey: DashboardCardKey;
  title: string;
  value: number;
  icon: ReactNode;
  href: string | null;
  danger?: boolean;
  extra?: ReactNode;
}) {
  const card = (
    <Card size="small" hoverable={href !== null}>
      <Statistic
        title={title}
        value={value}
        formatter={(v) => formatNumber(Number(v))}
        prefix={icon}
        valueStyle={{ color: danger && value > 0 ? '#cf1322' : undefined }}
      />
      {extra}
    </Card>
  );
  return (
    <Col xs={24} sm={12} lg={8} xxl={6} data-testid={`dashboard-card-${cardKey}`}>
      {href ? (
        <Link to={href} className="qlcv-dash-card-link" aria-label={`${title}: ${formatNumber(value)}`}>
          {card}
        </Link>
      ) : (
        card
      )}
    </Col>
  );
}

/** The figures: a card per part the viewer may see (a null part is not shown), each opening its filtered list. */
export function DashboardCards({ data }: { data: Dashboard }) {
  const { cards, links } = data;
  const byStatus = cards.requests_by_status;
  const total = byStatus ? REQUEST_STATUSES.reduce((sum, s) => sum + (byStatus[s] ?? 0), 0) : 0;
  return (
    <Row gutter={[16, 16]}>
      {byStatus && (
        <FigureCard
          cardKey="requests_by_status"
          title={LABELS.requests_by_status}
          value={total}
          icon={<FileTextOutlined />}
          href={linkOf(links.requests_by_status)}
          extra={
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: '2px 12px', marginTop: 6, fontSize: 12 }}>
              {REQUEST_STATUSES.map((s) => (
                <Typography.Text key={s} type="secondary" style={{ fontSize: 12 }} data-testid={`status-${s}`}>
                  <span
                    aria-hidden="true"
                    style={{
                      display: 'inline-block',
                      width: 8,
                      height: 8,
                      borderRadius: 4,
                      marginInlineEnd: 4,
                      background: REQUEST_STATUS_CHART_COLORS[s],
                    }}
                  />
                  {REQUEST_STATUS_LABELS[s]}: <strong>{formatNumber(byStatus[s] ?? 0)}</strong>
                </Typography.Text>
              ))}
            </div>
          }
        />
      )}
      {cards.requests_overdue !== null && (
        <FigureCard
          cardKey="requests_overdue"
          title={LABELS.requests_overdue}
          value={cards.requests_overdue}
          icon={<AlertOutlined />}
          danger
          href={linkOf(links.requests_overdue)}
        />
      )}
      <FigureCard
        cardKey="my_works_due_week"
        title={LABELS.my_works_due_week}
        value={cards.my_works_due_week}
        icon={<ScheduleOutlined />}
        href={linkOf(links.my_works_due_week)}
      />
      <FigureCard
        cardKey="works_overdue"
        title={LABELS.works_overdue}
        value={cards.works_overdue}
        icon={<FieldTimeOutlined />}
        danger
        href={linkOf(links.works_overdue)}
      />
      {cards.leaves_to_approve !== null && (
        <FigureCard
          cardKey="leaves_to_approve"
          title={LABELS.leaves_to_approve}
          value={cards.leaves_to_approve}
          icon={<CalendarOutlined />}
          href={linkOf(links.leaves_to_approve)}
        />
      )}
      {cards.contracts_expiring !== null && (
        <FigureCard
          cardKey="contracts_expiring"
          title={LABELS.contracts_expiring}
          value={cards.contracts_expiring}
          icon={<FileDoneOutlined />}
          href={linkOf(links.contracts_expiring)}
        />
      )}
      {cards.evaluations_to_do !== null && (
        <FigureCard
          cardKey="evaluations_to_do"
          title={LABELS.evaluations_to_do}
          value={cards.evaluations_to_do}
          icon={<TrophyOutlined />}
          href={linkOf(links.evaluations_to_do)}
        />
      )}
      {cards.rounds_due_month !== null && (
        <FigureCard
          cardKey="rounds_due_month"
          title={LABELS.rounds_due_month}
          value={cards.rounds_due_month}
          icon={<ExperimentOutlined />}
          href={linkOf(links.rounds_due_month)}
        />
      )}
      {cards.trips_week !== null && (
        <FigureCard
          cardKey="trips_week"
          title={LABELS.trips_week}
          value={cards.trips_week}
          icon={<CarOutlined />}
          href={linkOf(links.trips_week)}
        />
      )}
      {cards.samples_awaiting_lab !== null && (
        <FigureCard
          cardKey="samples_awaiting_lab"
          title={LABELS.samples_awaiting_lab}
          value={cards.samples_awaiting_lab}
          icon={<InboxOutlined />}
          href={linkOf(links.samples_awaiting_lab)}
        />
      )}
      {cards.analyses_to_enter !== null && (
        <FigureCard
          cardKey="analyses_to_enter"
          title={LABELS.analyses_to_enter}
          value={cards.analyses_to_enter}
          icon={<ExperimentOutlined />}
          href={linkOf(links.analyses_to_enter)}
        />
      )}
      {cards.analyses_to_verify !== null && (
        <FigureCard
          cardKey="analyses_to_verify"
          title={LABELS.analyses_to_verify}
          value={cards.analyses_to_verify}
          icon={<AuditOutlined />}
          href={linkOf(links.analyses_to_verify)}
        />
      )}
      {cards.analyses_late !== null && (
        <FigureCard
          cardKey="analyses_late"
          title={LABELS.analyses_late}
          value={cards.analyses_late}
          icon={<FieldTimeOutlined />}
          href={linkOf(links.analyses_late)}
        />
      )}
    </Row>
  );
}
