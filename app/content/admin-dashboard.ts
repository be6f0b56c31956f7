/**
 * The words of the inbox's Dashboard: its sections, what each figure means, and what it says when
 * there is nothing to show. Read by the inbox's modules only, never by a public page.
 */
export const dashboardCopy = {
  title: 'Dashboard',
  lead: 'How the website is doing: the leads it brings, where they come from, how they end, and its visits.',
  periodLabel: 'Period',
  timeZone: (zone: string) => `Times in ${zone}`,
  data: 'Data',
  none: '—',
  leadsPerWeek: {
    title: 'Leads per week',
    caption: 'Leads per week, the last 12 weeks (weeks begin on Monday)',
    week: 'Week of',
    leads: 'Leads',
    thisWeek: 'This week',
    previousWeek: 'Previous week',
  },
  byPage: {
    title: 'Leads by page',
    caption: 'Leads by the page the form was sent from',
    page: 'Page',
    leads: 'Leads',
    empty: 'No leads in this period yet.',
    unknown: 'Unknown page: the visitor’s browser did not say which page the form was sent from.',
  },
  funnel: {
    title: 'Status funnel',
    caption: 'The period’s leads by their status now',
    status: 'Status',
    leads: 'Leads',
    winRate: 'Win rate',
    winRateHow: 'Won ÷ (won + lost).',
    winRateNone: 'No lead of this period is won or lost yet, so there is no win rate.',
  },
  firstContact: {
    title: 'Time to first contact',
    intro: 'From a lead’s arrival to its first status change or note by someone of the team.',
    median: 'Median',
    p90: '90th percentile',
    contacted: 'Answered',
    waiting: 'Still waiting',
    none: 'No lead of this period has been answered yet.',
    /** Of the answered leads only: the ones still waiting are counted beside it, not in the times. */
    summary: (answered: string, median: string, p90: string) =>
      `Of the ${answered} answered, half were answered within ${median}, nine in ten within ${p90}.`,
    single: (time: string) => `The one lead answered was answered within ${time}.`,
    /** FIRST_RESPONSE_MINUTES: leads answered within it, of the period's. */
    withinTarget: (limit: string, percent: string, answered: number, total: number) =>
      `Answered within ${limit}: ${percent} (${answered} of ${total})`,
    byOwner: 'Time to first contact by owner',
    owner: 'Owner',
    leads: 'Leads',
    unassigned: 'Unassigned',
  },
  visits: {
    title: 'Visits',
    intro:
      'Counted by the server without cookies: a visitor is counted once a day, and nothing identifies anyone.',
    caption: 'Visitors and page views per day',
    day: 'Day',
    visitors: 'Visitors',
    views: 'Page views',
    off: 'Visits are not counted: counting is off on this server (VISIT_COUNTING). Turn it on to see visitors and page views here.',
    beacon: 'Counted by a small beacon in the pages (VISIT_BEACON), for a site behind a CDN.',
    empty: 'No visits counted in this period yet. They appear here within a minute or two of the first ones.',
    topPages: 'Top pages',
    page: 'Page',
    leads: 'Leads',
    conversion: 'Conversion',
    conversionHow: 'Conversion = leads ÷ visitors.',
    sources: 'Sources',
    source: 'Source',
    sourceNames: { direct: 'Direct (no referrer)', internal: 'This site’s own pages' } as Record<
      string,
      string
    >,
    campaigns: 'Campaigns',
    utmSource: 'utm_source',
    utmCampaign: 'utm_campaign',
    noCampaign: '(none)',
    noCampaigns: 'No visit came from a link with utm_source in this period.',
  },
} as const;
