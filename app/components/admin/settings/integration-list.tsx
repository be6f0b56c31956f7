import { useId } from 'react';
import type { Integration } from '../../../../common/inbox-api/settings-endpoints';
import { settingsCopy } from '../../../content/admin-settings';
import { IntegrationItem } from './integration-item';

const copy = settingsCopy.integrations;

/** Settings → Integrations: each one, or a word on what they are for while there are none. */
export function IntegrationList({ integrations }: { integrations: Integration[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="text-xl font-semibold">
        {copy.title}
      </h2>
      <p className="mt-1 max-w-3xl text-slate-600">{copy.intro}</p>
      {integrations.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-slate-600">
          {copy.empty}
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="mt-4 space-y-3">
          {integrations.map((integration) => (
            <IntegrationItem key={integration.id} integration={integration} />
          ))}
        </ul>
      )}
    </section>
  );
}
