import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutboxResponseSchema } from '../../../contracts/dev-outbox.ts';
import { memberDetailResponseSchema } from '../../../contracts/auth.ts';
import { users } from '../../db/schema/index.ts';
import { COMMON_PASSWORD_MESSAGE } from '../../services/accounts/common-passwords.ts';
import { bearer, createMember } from '../../../tests/server-helpers/members.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';
import { authLimits } from './guards.ts';
import { PROFILE_MESSAGES } from '../../services/accounts/profile.ts';
import { SERVER_MESSAGES } from '../../../contracts/facts/index.ts';

const KEY = 'epot-public-demo-key';
let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.cleanup(); });

const open = { is_updated_profile: false, fullname: '', date_of_birth: null, place_of_birth: null, phone_number: null, residential_address: null };
const profile = {
  fullname: 'dewi  ayu lestari', date_of_birth: '1998-07-21', place_of_birth: 'Semarang', phone: '081298765432',
  meta: { residential_address: 'Jl. Pandanaran No. 5, Semarang' },
};
const put = (auth: string, path: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/users/v1/member/${path}`, headers: { authorization: auth }, payload });
const detail = async (auth: string) =>
  memberDetailResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/users/v1/member/detail/', headers: { authorization: auth } })).json()).data;

describe('member detail', () => {
  it('shows unset fields as empty strings', async () => {
    const { user } = await createMember(t.db, open);
    expect(await detail(await bearer(t.app, user))).toEqual({
      fullname: '', date_of_birth: '', place_of_birth: '', phone_number: '', email: user.email, is_updated_profile: false,
      is_b2b: false, meta: { residential_address: '' }, institusion: { id: '' }, company: { id: user.company_id },
    });
  });
});

describe('update-profile', () => {
  it('names each invalid field with the spec texts', async () => {
    const { user } = await createMember(t.db, open);
    const auth = await bearer(t.app, user);
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const cases: [object, string][] = [
      [{ fullname: '  ' }, 'fullname: Nama Lengkap Tidak Boleh Kosong'],
      [{ fullname: undefined }, 'fullname: Nama Lengkap Tidak Boleh Kosong'],
      [{ place_of_birth: '' }, 'place_of_birth: Tempat Lahir Tidak Boleh Kosong'],
      [{ phone: '' }, 'phone: Nomor Telepon Tidak Boleh Kosong'],
      [{ phone: 'telepon' }, 'phone: Nomor Telepon tidak valid'],
      [{ meta: { residential_address: '' } }, 'meta.residential_address: Alamat Domisili Tidak Boleh Kosong'],
      [{ meta: undefined }, 'meta: Alamat Domisili Tidak Boleh Kosong'],
      [{ date_of_birth: '' }, 'date_of_birth: Tanggal Lahir Tidak Boleh Kosong'],
      [{ date_of_birth: '21-07-1998' }, 'date_of_birth: Format tanggal tidak valid'],
      [{ date_of_birth: '1998-02-30' }, 'date_of_birth: Format tanggal tidak valid'],
      [{ date_of_birth: '1899-12-31' }, 'date_of_birth: Tahun tidak boleh kurang dari 1900'],
      [{ date_of_birth: future }, 'date_of_birth: Tanggal lahir tidak boleh melebihi hari ini'],
    ];
    for (const [override, message] of cases) {
      expect((await put(auth, 'update-profile/', { ...profile, ...override })).json(), message).toEqual({ status: 400, message });
    }
    expect((await detail(auth)).is_updated_profile).toBe(false);
  });

  it('saves once (name capitalised per word), then only an empty phone or address may be filled', async () => {
    const { user } = await createMember(t.db, open);
    const auth = await bearer(t.app, user);
    const saved = await put(auth, 'update-profile/', profile);
    expect(saved.json()).toMatchObject({ status: 200, message: SERVER_MESSAGES.profileSaved });
    expect(await detail(auth)).toMatchObject({
      fullname: 'Dewi Ayu Lestari', date_of_birth: '1998-07-21', place_of_birth: 'Semarang', phone_number: '081298765432',
      is_updated_profile: true, meta: { residential_address: 'Jl. Pandanaran No. 5, Semarang' },
    });

    // Re-sending the same data is fine; any change is refused and nothing is written.
    expect((await put(auth, 'update-profile/', profile)).statusCode).toBe(200);
    for (const change of [{ fullname: 'Nama Baru' }, { date_of_birth: '1990-01-01' }, { place_of_birth: 'Solo' }, { phone: '0811111111' },
      { meta: { residential_address: 'Alamat lain' } }]) {
      expect((await put(auth, 'update-profile/', { ...profile, ...change })).json()).toEqual({ status: 400, message: PROFILE_MESSAGES.locked });
    }
    expect((await detail(auth)).fullname).toBe('Dewi Ayu Lestari');
  });

  it('lets a completed profile fill an empty phone and address', async () => {
    const { user } = await createMember(t.db, { phone_number: null, residential_address: '' });
    const auth = await bearer(t.app, user);
    const same = { fullname: user.fullname, date_of_birth: user.date_of_birth, place_of_birth: user.place_of_birth };
    const filled = await put(auth, 'update-profile/', { ...same, phone: '0813 5555 1234', meta: { residential_address: 'Jl. Baru 1' } });
    expect(filled.statusCode).toBe(200);
    expect(await detail(auth)).toMatchObject({ phone_number: '0813 5555 1234', meta: { residential_address: 'Jl. Baru 1' } });
    expect((await put(auth, 'update-profile/', { ...same, phone: '0813 5555 1234', meta: { residential_address: 'Jl. Lain 2' } })).json())
      .toEqual({ status: 400, message: PROFILE_MESSAGES.locked });
  });
});

describe('update-residential-address', () => {
  it('fills empty values only', async () => {
    const { user } = await createMember(t.db, { residential_address: null });
    const auth = await bearer(t.app, user);
    const res = await put(auth, 'update-residential-address/', { phone: user.phone_number, residential_address: 'Jl. Mawar 3, Depok' });
    expect(res.json()).toMatchObject({ status: 200, message: SERVER_MESSAGES.profileSaved, data: { meta: { residential_address: 'Jl. Mawar 3, Depok' } } });
    expect((await put(auth, 'update-residential-address/', { residential_address: 'Jl. Melati 4' })).json())
      .toEqual({ status: 400, message: PROFILE_MESSAGES.filledAlready });
    expect((await put(auth, 'update-residential-address/', { phone: '0899999999' })).json())
      .toEqual({ status: 400, message: PROFILE_MESSAGES.filledAlready });
    expect((await put(auth, 'update-residential-address/', {})).json())
      .toEqual({ status: 400, message: 'residential_address: Alamat Domisili Tidak Boleh Kosong' });
    expect((await detail(auth)).meta.residential_address).toBe('Jl. Mawar 3, Depok');
  });

  it('needs a valid token', async () => {
    expect((await put('Bearer nope', 'update-residential-address/', { residential_address: 'x' })).json())
      .toEqual({ status: 401, message: SERVER_MESSAGES.sessionExpired });
  });
});

describe('change-password', () => {
  const body = (current: string, next: string, confirm = next) => ({ current_password: current, new_password: next, conf_new_password: confirm });

  it('validates with the spec texts', async () => {
    const { user, password } = await createMember(t.db);
    const auth = await bearer(t.app, user);
    const cases: [object, string][] = [
      [body('', 'Kuda-Lari-99'), 'current_password: Password Tidak Boleh Kosong'],
      [body(password, '', 'Kuda-Lari-99'), 'new_password: Password Tidak Boleh Kosong'],
      [body(password, 'pendek'), 'new_password: Password minimal harus 8 karakter'],
      [body(password, 'Kuda-Lari-99', ''), 'conf_new_password: Konfirmasi Password Tidak Boleh Kosong'],
      [body(password, 'Kuda-Lari-99', 'Kuda-Lari-98'), 'conf_new_password: Konfirmasi password tidak sama'],
    ];
    for (const [b, message] of cases) expect((await put(auth, 'change-password/', b)).json()).toEqual({ status: 400, message });
    expect((await put(auth, 'change-password/', body('Salah-Sekali-1', 'Kuda-Lari-99'))).json())
      .toEqual({ status: 400, message: SERVER_MESSAGES.wrongCurrentPassword });
    expect((await put(auth, 'change-password/', body(password, 'iloveyou123'))).json())
      .toEqual({ status: 400, message: COMMON_PASSWORD_MESSAGE });
  });

  it('changes the password and ends every session', async () => {
    const { user, password } = await createMember(t.db);
    const auth = await bearer(t.app, user);
    expect((await put(auth, 'change-password/', body(password, 'Kuda-Lari-99'))).json())
      .toEqual({ status: 200, message: SERVER_MESSAGES.passwordChanged, data: null });
    expect((await put(auth, 'change-password/', body('Kuda-Lari-99', 'Kuda-Lari-100'))).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    const login = await t.app.inject({
      method: 'POST', url: '/api/users/v1/member/login',
      payload: { access_key: KEY, provider: 'email', email: user.email, password: 'Kuda-Lari-99' },
    });
    expect(login.statusCode).toBe(200);
  });

  it(`answers 429 after ${authLimits.changePassword.limit} wrong current passwords`, async () => {
    const { user, password } = await createMember(t.db);
    const auth = await bearer(t.app, user);
    for (let i = 0; i < authLimits.changePassword.limit; i++) {
      expect((await put(auth, 'change-password/', body('Salah-Sekali-1', 'Kuda-Lari-99'))).statusCode).toBe(400);
    }
    const res = await put(auth, 'change-password/', body(password, 'Kuda-Lari-99'));
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('dev outbox (no SMTP_URL)', () => {
  it('keeps the reset mail and lists it outside production', async () => {
    const { user } = await createMember(t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/users/v1/member/forgot-password', payload: { access_key: KEY, email: user.email } });
    expect(res.statusCode).toBe(200);
    const outbox = devOutboxResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json());
    const mail = outbox.data.list.find((m) => m.to === user.email);
    expect(mail?.text).toMatch(/Kode OTP Anda: \d{6}/);
  });

  it('does not exist in production', async () => {
    const prod = await buildTestApp({ env: { NODE_ENV: 'production', LOG_LEVEL: 'silent' } });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await prod.cleanup();
    }
  });
});
