/** Thrown to answer a retried request with the stored response of its first run. */
export class ReplayedResponse {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
