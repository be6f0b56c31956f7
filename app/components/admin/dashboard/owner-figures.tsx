import type { Dashboard } from '../../../../common/inbox-api/dashboard-endpoints';
import { dashboardCopy } from '../../../content/admin-dashboard';
import { formatDuration, formatNumber } from './dashboard-format';

const copy = dashboardCopy.firstContact;
type FirstContactFigures = Dashboard['leads']['firstContact'];

/** "Answered within 4 h: 64% (27 of 42)": the share of the period's leads answered within FIRST_RESPONSE_MINUTES. */
export function WithinTarget({ within }: { within: FirstContactFigures['withinTarget'] }) {
  if (!within || within.total === 0) return null;
  const percent = `${Math.round((within.answered / within.total) * 100)}%`;
  return (
    <p className="mt-3 font-semibold text-ink">
      {copy.withinTarget(formatDuration(within.minutes * 60_000), percent, within.answered, within.total)}
    </p>
  );
}

/** Each owner's leads of the period, how many they answered and their median time to first contact. */
export function OwnerTable({ owners }: { owners: FirstContactFigures['byOwner'] }) {
  if (owners.length === 0) return null;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold text-ink">{copy.byOwner}</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">
              {copy.owner}
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              {copy.leads}
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              {copy.contacted}
            </th>
            <th scope="col" className="py-1 font-medium">
              {copy.median}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {owners.map((owner) => (
            <tr key={owner.name ?? ''}>
              <th scope="row" className="py-1.5 pr-4 font-medium text-ink">
                {owner.name ?? copy.unassigned}
              </th>
              <td className="py-1.5 pr-4 tabular-nums">{formatNumber(owner.leads)}</td>
              <td className="py-1.5 pr-4 tabular-nums">{formatNumber(owner.contacted)}</td>
              <td className="py-1.5 tabular-nums">{formatDuration(owner.medianMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
