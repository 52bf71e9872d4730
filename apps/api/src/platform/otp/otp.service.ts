import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Clock } from '@lib/common';
import { JWT_SECRET } from '../auth/token.service';
import { SmsSender } from '../sms/sms-sender';
import { OtpRepository } from './otp.repository';

export const OTP_MAX_ATTEMPTS = 5;
/** One code of a kind per phone per minute. */
export const OTP_RESEND_INTERVAL_MS = 60_000;

export interface IssueOtp {
  clientId: string;
  purpose: string;
  subject: string;
  phone: string;
  ttlMs: number;
  text: (code: string) => string;
}

export interface VerifyOtp {
  clientId: string;
  purpose: string;
  subject: string;
  code: string;
  /** The phone the request names: it must be the one the code was sent to. */
  phone?: string;
  /** Single-use codes are consumed by a successful check; reusable ones (quote OTP) are not. */
  consume: boolean;
}

/**
 * Four-digit one-time codes: only an HMAC is stored (keyed by a server secret, so a database
 * leak does not reveal codes), a newer code replaces the older one, wrong guesses are limited.
 */
@Injectable()
export class OtpService {
  private readonly key: Buffer;

  constructor(
    private readonly repo: OtpRepository,
    private readonly sms: SmsSender,
    private readonly clock: Clock,
    @Inject(JWT_SECRET) serverSecret: string,
  ) {
    this.key = createHmac('sha256', serverSecret).update('otp-codes').digest();
  }

  async issue(req: IssueOtp): Promise<{ expiresAt: Date }> {
    const now = this.clock.now();
    const last = await this.repo.latestForPhone(req.clientId, req.purpose, req.phone);
    const wait = last ? last.createdAt.getTime() + OTP_RESEND_INTERVAL_MS - now.getTime() : 0;
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new ApiError(
        'RATE_LIMITED',
        `A code was sent to this phone less than a minute ago. Try again in ${seconds} seconds.`,
        undefined,
        { 'Retry-After': String(seconds) },
        { retry_after_seconds: seconds },
      );
    }
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + req.ttlMs);
    await this.repo.replace({
      id,
      clientId: req.clientId,
      purpose: req.purpose,
      subject: req.subject,
      phone: req.phone,
      codeHash: this.hash(id, code),
      expiresAt,
      createdAt: now,
    });
    await this.sms.send(req.clientId, req.phone, req.text(code));
    return { expiresAt };
  }

  async verify(req: VerifyOtp): Promise<void> {
    const otp = await this.repo.current(req.clientId, req.purpose, req.subject);
    const now = this.clock.now();
    if (!otp) throw ApiError.field('otp', 'No code was requested for these details. Request one first.');
    if (otp.consumedAt) throw ApiError.field('otp', 'This code was already used. Request a new one.');
    if (otp.expiresAt <= now) throw ApiError.field('otp', 'The code has expired. Request a new one.');
    if (otp.attempts >= OTP_MAX_ATTEMPTS) throw ApiError.field('otp', 'Too many wrong attempts. Request a new code.');
    if (req.phone && req.phone !== otp.phone) throw ApiError.field('phone', 'The phone is not the one the code was sent to.');

    if (!/^\d{4}$/.test(req.code) || !this.matches(otp.id, req.code, otp.codeHash)) {
      const counted = await this.repo.recordFailure(otp.id, OTP_MAX_ATTEMPTS);
      const left = OTP_MAX_ATTEMPTS - otp.attempts - 1;
      if (!counted || left <= 0) throw ApiError.field('otp', 'Too many wrong attempts. Request a new code.');
      throw ApiError.field('otp', `The code is incorrect. ${left} attempt${left === 1 ? '' : 's'} left.`);
    }
    if (req.consume && !(await this.repo.consume(otp.id, now))) {
      throw ApiError.field('otp', 'This code was already used. Request a new one.');
    }
  }

  private hash(id: string, code: string): string {
    return createHmac('sha256', this.key).update(`${id}:${code}`).digest('hex');
  }

  private matches(id: string, code: string, stored: string): boolean {
    return timingSafeEqual(Buffer.from(this.hash(id, code), 'hex'), Buffer.from(stored, 'hex'));
  }
}
