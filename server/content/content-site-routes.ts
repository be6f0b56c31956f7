import type { FastifyInstance } from 'fastify';
import type { JobRunner } from '../jobs/job-runner.ts';
import { type ContentSiteOptions, contentSiteOf } from './content-site.ts';
import { type PreviewOptions, previewRoutes } from './preview-routes.ts';

/** How often each instance looks for releases it has not applied (publish to served within 10 s). */
export const RELEASES_CHECK_MS = 1_000;

export type ContentSiteRoutesOptions = ContentSiteOptions & PreviewOptions & { jobs: JobRunner };

/**
 * The content on the public side: at start, for every path, the page of the newest release that has it;
 * then a job of each instance that applies the newer releases, in order, about every second; and the
 * preview of the drafts for a signed-in admin.
 */
export async function contentSiteRoutes(app: FastifyInstance, options: ContentSiteRoutesOptions) {
  const site = contentSiteOf(options, app.log);
  const job = options.jobs.add({
    name: 'content-releases',
    everyMs: RELEASES_CHECK_MS,
    firstMs: RELEASES_CHECK_MS,
    where: { instances: 'each' },
    run: () => site.releases.applyNewer(),
  });
  app.addHook('onReady', async () => {
    // Not a failed start: the job applies every release in order once the database answers.
    await site.releases
      .load()
      .catch((error: unknown) => app.log.warn({ err: error }, 'the releases could not be loaded'));
    job.start();
  });
  app.addHook('preClose', async () => {
    await job.stop();
  });
  await app.register(previewRoutes, { ...options, site });
}
