// Staff console facts shared by the server and the (later) console screens: the roles and the
// server's messages to staff, each under a code the console matches on.
export const STAFF_ROLES = ['operator', 'institution-admin', 'proctor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_MESSAGES = {
  loggedIn: 'Login berhasil',
  wrongCredentials: 'Email atau password salah',
  /** The password was right; the account has two-factor login on: ask for the authenticator code. */
  otpRequired: 'Masukkan kode 6 digit dari aplikasi autentikator Anda',
  otpWrong: 'Kode autentikator salah atau sudah kedaluwarsa',
  /** Operators must turn on two-factor login before anything else. */
  otpEnrolmentRequired: 'Aktifkan verifikasi dua langkah terlebih dahulu',
  otpEnrolled: 'Verifikasi dua langkah aktif. Simpan kode pemulihan ini; kode hanya ditampilkan sekali.',
  otpAlreadyOn: 'Verifikasi dua langkah sudah aktif',
  loggedOutEverywhere: 'Anda telah keluar dari semua perangkat',
  sessionExpired: 'Sesi Anda telah berakhir, silakan login kembali',
  forbidden: 'Peran Anda tidak diizinkan melakukan tindakan ini',
  notFound: 'Data tidak ditemukan',
  settingsSaved: 'Pengaturan berhasil disimpan',
} as const;
export type StaffMessageCode = keyof typeof STAFF_MESSAGES;
