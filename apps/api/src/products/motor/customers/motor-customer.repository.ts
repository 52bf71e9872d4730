import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@lib/common';
import { Database, DATABASE, isUniqueViolation } from '@lib/db';

export interface MotorCustomerDetails {
  clientId: string;
  ownerId: string;
  email: string;
  phone: string;
  at: Date;
}

@Injectable()
export class MotorCustomerRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Records the customer's current contact details. An email address belongs to one customer (owner id)
   * of the client only: using another customer's address is refused.
   */
  async remember(c: MotorCustomerDetails): Promise<void> {
    try {
      // One statement: a new owner id, or new details for a known one; known and unchanged details write
      // and lock nothing. Another owner's email breaks the (client_id, email) unique index and is refused. Prepared
      // once per connection: it runs on every quote request.
      await this.db.sql.query(
        `INSERT INTO motor_customers (client_id, owner_id, email, phone, created_at, updated_at)
         SELECT $1::uuid, $2::text, $3::text, $4::text, $5::timestamptz, $5::timestamptz
         WHERE NOT EXISTS (SELECT 1 FROM motor_customers WHERE client_id = $1::uuid AND owner_id = $2::text AND email = $3::text AND phone = $4::text)
         ON CONFLICT (client_id, owner_id) DO UPDATE SET email = EXCLUDED.email, phone = EXCLUDED.phone, updated_at = EXCLUDED.updated_at`,
        [c.clientId, c.ownerId, c.email, c.phone, c.at.toISOString()],
        'motor_customer_remember',
      );
    } catch (e) {
      if (isUniqueViolation(e)) throw emailTaken();
      throw e;
    }
  }
}

function emailTaken(): ApiError {
  return ApiError.field('email', 'The email is already used by another customer. One address belongs to one customer only.');
}
