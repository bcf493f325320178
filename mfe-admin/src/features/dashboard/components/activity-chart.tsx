import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { axisMax, type ActivityDay } from '../api/activity';

const TICKS = [1, 0.75, 0.5, 0.25, 0];

/**
 * Grouped bars of pastes and files per day, drawn with CSS so the labels keep their size on a
 * phone. One image for assistive technology (with a summary), the numbers in a hidden table.
 */
export function ActivityChart({ days }: { days: ActivityDay[] }) {
  const { t } = useTranslation(NAMESPACE);
  const { token } = theme.useToken();
  const max = axisMax(days.flatMap((day) => [day.pastes, day.files]));
  const series = [
    { key: 'pastes' as const, color: token.colorPrimary, label: t('dashboard.seriesPastes') },
    { key: 'files' as const, color: token.colorSuccess, label: t('dashboard.seriesFiles') },
  ];
  const total = days.reduce((sum, day) => sum + day.pastes + day.files, 0);

  return (
    <figure className="cc-admin-chart" data-testid="activity-chart">
      <div className="cc-admin-bars" role="img" aria-label={t('dashboard.activitySummary', { total })}>
        <div className="cc-admin-bars__axis" aria-hidden>
          {TICKS.map((fraction) => (
            <span key={fraction}>{Math.round(max * fraction)}</span>
          ))}
        </div>
        <div className="cc-admin-bars__plot" style={{ borderColor: token.colorBorderSecondary }}>
          {TICKS.slice(0, -1).map((fraction) => (
            <div
              key={fraction}
              className="cc-admin-bars__grid"
              style={{ bottom: `${fraction * 100}%`, borderColor: token.colorBorderSecondary }}
              aria-hidden
            />
          ))}
          {days.map((day) => (
            <div key={day.label} className="cc-admin-bars__day">
              <div className="cc-admin-bars__group">
                {series.map((entry) => (
                  <div
                    key={entry.key}
                    className="cc-admin-bars__bar"
                    style={{ height: `${(day[entry.key] / max) * 100}%`, background: entry.color }}
                    title={`${day.label} ${entry.label}: ${day[entry.key]}`}
                    data-series={entry.key}
                    data-value={day[entry.key]}
                  />
                ))}
              </div>
              <span className="cc-admin-bars__label" aria-hidden>
                {day.label}
              </span>
            </div>
          ))}
        </div>
      </div>
      <figcaption className="cc-admin-legend">
        {series.map((entry) => (
          <span key={entry.key} className="cc-admin-legend__item">
            <span className="cc-admin-legend__swatch" style={{ background: entry.color }} aria-hidden />
            {entry.label}
          </span>
        ))}
      </figcaption>
      <table className="cc-visually-hidden">
        <caption>{t('dashboard.activityTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.day')}</th>
            {series.map((entry) => (
              <th key={entry.key} scope="col">
                {entry.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.label}>
              <th scope="row">{day.label}</th>
              <td>{day.pastes}</td>
              <td>{day.files}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
