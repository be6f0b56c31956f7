import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config/config.ts';
import type { DialectMigrations } from '../db/migrator.ts';
import { mergeMigrations } from '../db/migrator.ts';
import type { MessageKind } from '../outbox/message-kind.ts';

/**
 * A plugin of a feature's routes. Each is registered with one bag of what the composition holds (the
 * repositories, the configuration, the clock...); its options type says what it reads of the bag, and
 * the composition's bag is checked against all of them together (RoutesOptions).
 */
export type FeatureRoutes = (app: FastifyInstance, options: never) => Promise<void>;

/**
 * A feature's background work, called once at start with one bag (as FeatureRoutes): it adds its jobs
 * to the app's runner (app.jobs), starts them when the bag says so, and decorates the app with them.
 */
export type FeatureWorkers = (app: FastifyInstance, options: never) => void;

/**
 * A feature, as it says what it has: one definition per feature folder (`<name>-feature.ts`), composed
 * by start-up, the command line and the tests from one list (server/features.ts). Adding a feature is
 * one line there.
 */
export interface FeatureDefinition {
  /** Its folder under server/. */
  readonly name: string;
  /** The features it imports (and that must come before it in the list): eslint.config.js's FEATURE_NEEDS. */
  readonly needs: readonly string[];
  /** Its tables' migrations, for both databases (docs/migrations.md). */
  readonly migrations: readonly DialectMigrations[];
  /** Tables its triggers fill from other rows: db:copy copies their sources, never them. */
  readonly derivedTables?: readonly string[];
  /** The kinds of message it queues in the outbox (emails, webhooks), built from the configuration. */
  readonly messageKinds?: (config: Config) => readonly MessageKind[];
  /** Its public routes (the quote form, the newsletter's pages...). */
  readonly publicRoutes?: readonly FeatureRoutes[];
  /** Its endpoints of the inbox's API (under /admin/api, behind the inbox's guard). */
  readonly inboxRoutes?: readonly FeatureRoutes[];
  /** Its background work: jobs of the runner (pending scans, the mailbox, reminders...). */
  readonly workers?: readonly FeatureWorkers[];
}

type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (whole: infer I) => void
  ? I
  : never;

/** What a list of route plugins reads of the bag they are registered with: all their options together. */
export type RoutesOptions<R extends FeatureRoutes | FeatureWorkers> = UnionToIntersection<Parameters<R>[1]>;

/** The route plugins (or workers) of a list of features, of one kind. */
export type RoutesOf<
  F extends readonly FeatureDefinition[],
  K extends 'publicRoutes' | 'inboxRoutes' | 'workers',
> = F[number] extends infer D ? (D extends { readonly [P in K]: readonly (infer R)[] } ? R : never) : never;

/** Registers each plugin with the one bag (checked by the caller's type against RoutesOptions). */
export async function registerAll(
  app: FastifyInstance,
  routes: readonly FeatureRoutes[],
  options: object,
): Promise<void> {
  for (const plugin of routes) await app.register(plugin as FastifyPluginAsync<object>, options);
}

/**
 * Checks the list: each name once, and each feature after the features it needs (a need that is not
 * in the list, or comes after, is a mistake of the composition: the server refuses to start).
 */
export function checkFeatures(features: readonly FeatureDefinition[]): void {
  const seen = new Set<string>();
  for (const feature of features) {
    if (seen.has(feature.name)) throw new Error(`The feature ${feature.name} is listed twice`);
    const missing = feature.needs.filter((need) => !seen.has(need));
    if (missing.length)
      throw new Error(`The feature ${feature.name} needs ${missing.join(', ')}, listed before it`);
    seen.add(feature.name);
  }
}

/** Every feature's migrations, and the core's, as one set per database (they run in their names' order). */
export function migrationsOf(
  features: readonly FeatureDefinition[],
  core: readonly DialectMigrations[],
): DialectMigrations {
  return mergeMigrations(...core, ...features.flatMap((feature) => feature.migrations));
}

/** Every feature's kinds of outbox message. */
export function messageKindsOf(features: readonly FeatureDefinition[], config: Config): MessageKind[] {
  return features.flatMap((feature) => feature.messageKinds?.(config) ?? []);
}

/** Every table a feature's triggers fill (db:copy leaves them to the triggers). */
export function derivedTablesOf(features: readonly FeatureDefinition[]): string[] {
  return features.flatMap((feature) => feature.derivedTables ?? []);
}
