/**
 * TPL for a vehicle changing hands (motor v2), end to end against the sandbox: the vehicle registration (istimarah)
 * from the sandbox vehicle registry, a policy issued for the buyer from the multipart form, paid with the sandbox
 * payment tool, shown issued, and listed by VIN.
 * Run: CLIENT_ID=... CLIENT_SECRET=... node dist/packages/sdk/examples/tpl.js
 */
import { check, randomDigits, sandboxClient } from './sandbox-env';

const SELLER = '1012345678';
const BUYER = '1098765432';

/**
 * The typed form, sent as multipart/form-data. The document types the istimarah, a file part, as a binary string:
 * it carries the file's bytes one per character (latin1) and goes out as a PDF file.
 */
function asForm(body: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (name === 'istimarah') form.append(name, new Blob([Buffer.from(value, 'latin1')], { type: 'application/pdf' }), 'istimarah.pdf');
    else form.append(name, value);
  }
  return form;
}

async function main(): Promise<void> {
  const api = sandboxClient();
  // A vehicle may hold one active policy: a new VIN and sequence number each run (no I, O or Q in a VIN).
  const vehicle = { vin: `WDB${randomDigits(14)}`, car_sequence_number: randomDigits(9) };

  const istimarah = check(
    'vehicle registration',
    await api.POST('/api/v1/sandbox/vehicle-documents', {
      body: { ...vehicle, owner_id: SELLER, ownership_transfer_complete: false },
      parseAs: 'arrayBuffer',
    }),
  );

  const issued = check(
    'issuance',
    await api.POST('/api/v2/car/policies', {
      body: {
        email: 'sdk-example-tpl@example.com',
        ...vehicle,
        current_car_owner: SELLER,
        new_owner_id: BUYER,
        istimarah: Buffer.from(istimarah).toString('latin1'),
        redirect_url: 'https://shop.example.com/tpl/done?policy=policyID',
      },
      bodySerializer: asForm,
    }),
  );
  if (issued.status !== 0) throw new Error(`policy ${issued.id} is not awaiting payment (status ${issued.status}): the registry did not confirm the vehicle`);
  check('sandbox payment', await api.POST('/api/v1/sandbox/payments/pay', { body: { payment_link: issued.payment_link, outcome: 'paid' } }));

  const policy = check('show policy', await api.GET('/api/v2/car/policies/{carPolicy}', { params: { path: { carPolicy: issued.id } } }));
  if (policy.status !== 1) throw new Error(`policy ${policy.id} is not issued after payment (status ${policy.status})`);

  const listed = check('list policies', await api.GET('/api/v2/car/policies', { params: { query: { vin: vehicle.vin, status: 1 } } }));
  if (listed.total !== 1 || listed.data[0]?.id !== policy.id)
    throw new Error(`expected policy ${policy.id} alone for VIN ${vehicle.vin}, listed ${listed.total}`);

  process.stdout.write(`tpl: VIN ${vehicle.vin}, policy ${policy.id} paid (${policy.price} SAR), insurer's number ${policy.provider_policy_id}\n`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
