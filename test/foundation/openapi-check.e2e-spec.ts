import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkAgainstOpenApi, shareOpenApiDocument } from '../support/openapi-check';
import { startTestApp, TestApp } from '../support/test-app';

/** The suite's answer check (test/support/openapi-check.ts) is itself tested: a check that passes everything proves nothing. */
describe('the e2e answer check against the OpenAPI document', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it("holds an app to the run's shared document of its kind, refusing an undocumented status and a body off its schema", async () => {
    // the first answer checked keeps the sandbox document in the run's folder (or finds it kept by another file)
    expect((await app.request('/health/live')).status).toBe(200);
    expect(existsSync(join(process.env.TEST_TMP_DIR!, 'openapi-sandbox.json'))).toBe(true);

    // an app of the same kind reads that copy: nothing listens at this origin, and the checks still hold
    const origin = 'http://127.0.0.1:9';
    shareOpenApiDocument(origin, 'sandbox');
    const token = JSON.stringify({ access_token: 'x', token_type: 'Bearer', expires_in: 3600 });
    await expect(checkAgainstOpenApi(`${origin}/oauth/token`, 'POST', 200, 'application/json', token)).resolves.toBeUndefined();
    await expect(checkAgainstOpenApi(`${origin}/oauth/token`, 'POST', 200, 'application/json', '{"nope":1}')).rejects.toThrow(/does not match its schema/);
    await expect(checkAgainstOpenApi(`${origin}/oauth/token`, 'POST', 418, 'application/json', '{}')).rejects.toThrow(/a status the document does not give/);
  });
});
