import type { FastifyInstance } from 'fastify';
import { recordActivity } from '../accounts/activity-log.ts';
import type { Config } from '../config/config.ts';
import type { Storage } from '../db/database.ts';
import type { SiteStylesheet } from '../forms/site-stylesheet.ts';
import type { FeatureDefinition } from '../plugins/feature-definition.ts';
import type { Redis } from '../security/redis-client.ts';
import { archiveRoutes } from './archive-routes.ts';
import { createCampaignArchive } from './campaign-archive.ts';
import { campaignEmailKinds } from './campaign-email-kinds.ts';
import { campaignMigrations, campaignPostgresMigrations } from './campaign-migrations.ts';
import { campaignControlRoutes, campaignRoutes, campaignSendingRoutes } from './campaign-routes.ts';
import { newsletterEmailKinds } from './newsletter-email-kinds.ts';
import { newsletterMigrations } from './newsletter-migrations.ts';
import { newsletterPostgresMigrations } from './newsletter-postgres-migrations.ts';
import { newsletterRoutes } from './newsletter-routes.ts';
import type { SubscriberRepository } from './subscriber-repository.ts';
import { subscriberRoutes } from './subscriber-routes.ts';
import { subscribersCommand } from './subscribers-command.ts';

/** The newsletter's emails and campaigns have their own From (NEWSLETTER_FROM), apart from the notifications'. */
const newsletterMail = (config: Config) => ({
  from: config.mail.newsletterFrom ?? config.mail.from,
  replyTo: config.mail.to[0],
  siteUrl: config.siteUrl,
});

/** Sign-up, confirmation and unsubscribing, and the public archive of campaigns. */
async function newsletterPublicRoutes(
  app: FastifyInstance,
  options: {
    config: Config;
    storage: Storage;
    subscribers: SubscriberRepository;
    redis: Redis | undefined;
    stylesheet: SiteStylesheet | undefined;
    kick: () => void;
  },
) {
  const { config, stylesheet } = options;
  await app.register(newsletterRoutes, {
    subscribers: options.subscribers,
    siteUrl: config.siteUrl,
    rateLimit: config.newsletter.rateLimit,
    redis: options.redis,
    stylesheet,
    onQueued: options.kick,
  });
  await app.register(archiveRoutes, {
    archive: createCampaignArchive(options.storage.db),
    siteUrl: config.siteUrl,
    timeZone: config.admin.timeZone,
    stylesheet,
  });
}

/** Subscribers (double opt-in), campaigns and their sending, the public archive. */
export const newsletterFeature = {
  name: 'newsletter',
  needs: ['accounts'],
  migrations: [
    { sqlite: newsletterMigrations, postgres: newsletterPostgresMigrations },
    { sqlite: campaignMigrations, postgres: campaignPostgresMigrations },
  ],
  messageKinds: (config: Config) => [
    ...newsletterEmailKinds(newsletterMail(config)),
    ...campaignEmailKinds(newsletterMail(config), recordActivity),
  ],
  publicRoutes: [newsletterPublicRoutes],
  inboxRoutes: [subscriberRoutes, campaignRoutes, campaignSendingRoutes, campaignControlRoutes],
  commands: [subscribersCommand],
} as const satisfies FeatureDefinition;
