/** Where the end-to-end server listens and keeps its data; shared by the config, the server and the tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = 'test-results/e2e-data';
