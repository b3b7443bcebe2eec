// Staff console facts shared by the server and the console screens: the roles, the server's
// messages to staff (each under a code the console matches on), the order statuses as the console
// shows them, the member CSV's columns and the results export's columns.
export const STAFF_ROLES = ['operator', 'institution-admin', 'proctor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_MESSAGES = {
  loggedIn: 'Login berhasil',
  wrongCredentials: 'Email atau password salah',
  /** The password was right; the account has two-factor login on: ask for the authenticator code. */
  otpRequired: 'Masukkan kode 6 digit dari aplikasi autentikator Anda',
  otpWrong: 'Kode autentikator salah atau sudah kedaluwarsa',
  /** Operators, and staff of an institution that requires it, must turn on two-factor login first (error code `totp_required`). */
  otpEnrolmentRequired: 'Aktifkan verifikasi dua langkah terlebih dahulu',
  otpEnrolled: 'Verifikasi dua langkah aktif. Simpan kode pemulihan ini; kode hanya ditampilkan sekali.',
  otpAlreadyOn: 'Verifikasi dua langkah sudah aktif',
  loggedOutEverywhere: 'Anda telah keluar dari semua perangkat',
  sessionExpired: 'Sesi Anda telah berakhir, silakan login kembali',
  forbidden: 'Peran Anda tidak diizinkan melakukan tindakan ini',
  notFound: 'Data tidak ditemukan',
  /** Answered by the settings PUT: started attempts keep the rules they started with. */
  settingsSaved: 'Pengaturan berhasil disimpan. Perubahan berlaku untuk tes yang belum dimulai.',
  staffTotpOn: 'Verifikasi dua langkah kini wajib bagi admin dan pengawas lembaga ini. Staf yang belum mengaktifkannya diminta mengaktifkan sebelum dapat melanjutkan.',
  staffTotpOff: 'Verifikasi dua langkah tidak lagi wajib bagi staf lembaga ini',
  staffCreated: 'Akun staf berhasil dibuat. Email berisi tautan untuk membuat password telah dikirim.',
  staffEmailTaken: 'Email sudah dipakai akun staf lain',
  /** An operator account belongs to no institution; an institution admin needs one. */
  staffInstitutionRule: 'Operator tidak terikat lembaga; admin lembaga harus memilih lembaga',
  staffLinkSent: 'Tautan baru untuk membuat password telah dikirim',
  passwordLinkInvalid: 'Tautan untuk membuat password tidak valid, sudah digunakan, atau sudah kedaluwarsa. Minta tautan baru kepada operator atau admin lembaga Anda.',
  passwordTooShort: 'Password minimal 12 karakter',
  passwordSet: 'Password berhasil dibuat. Silakan login.',
  /** An operator's request that acts on one institution without `?institution=ID`. */
  institutionRequired: 'Pilih lembaga terlebih dahulu',
  memberAdded: 'Anggota berhasil ditambahkan. Email untuk membuat password telah dikirim.',
  memberAddedNoMail: 'Anggota berhasil ditambahkan',
  memberEmailTaken: 'Email sudah terdaftar',
  membersImported: 'Anggota berhasil diimpor',
  membersValid: 'Semua baris valid. Belum ada data yang disimpan.',
  /** CSV import refused (error code `csv_invalid`): nothing was written. */
  csvInvalid: 'Impor dibatalkan: ada baris yang bermasalah. Perbaiki lalu unggah kembali; belum ada data yang disimpan.',
  memberDeactivated: 'Anggota dinonaktifkan. Anggota ini tidak dapat login.',
  memberReactivated: 'Anggota diaktifkan kembali',
  inviteSent: 'Email untuk membuat password telah dikirim ulang',
  licencesGenerated: 'Kode lisensi berhasil dibuat. Unduh sekarang; kode hanya ditampilkan sekali.',
  licencesRevoked: 'Kode lisensi yang belum digunakan telah dicabut',
  productNotFound: 'Produk tidak ditemukan',
  expiryInPast: 'Tanggal kedaluwarsa harus setelah hari ini',
} as const;
export type StaffMessageCode = keyof typeof STAFF_MESSAGES;

/** The console page where a staff member sets a password from a one-time link (`/admin/password-set/:code`). */
export const STAFF_PASSWORD_SET_PAGE = '/admin/password-set';
/** Staff passwords: at least this long (the CLI's --password too). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

/** Machine-readable `code` of staff error bodies the console reacts to. */
export const STAFF_ERROR_CODES = { totpRequired: 'totp_required', csvInvalid: 'csv_invalid' } as const;

/** Problems of one CSV row (the import answers each with its row number; row 1 is the header). */
export const CSV_ROW_MESSAGES = {
  emailRequired: 'Email wajib diisi',
  emailInvalid: 'Format email tidak valid',
  fullnameRequired: 'Nama lengkap wajib diisi',
  fullnameTooLong: 'Nama lengkap terlalu panjang (maksimal 200 karakter)',
  phoneInvalid: 'Nomor telepon tidak valid',
  duplicateInFile: (firstRow: number) => `Email sama dengan baris ${firstRow}`,
  emailTaken: 'Email sudah terdaftar di EPOT',
  headerInvalid: (columns: readonly string[]) => `Baris judul harus berisi kolom: ${columns.join(', ')}`,
  empty: 'Berkas CSV tidak berisi data anggota',
  tooManyRows: (max: number) => `Maksimal ${max} anggota per impor`,
  unreadable: (detail: string) => `Berkas CSV tidak dapat dibaca: ${detail}`,
} as const;

/** The member CSV: its header row, in this order (phone_number may stay empty). */
export const MEMBER_CSV_COLUMNS = ['email', 'fullname', 'phone_number'] as const;
export const MEMBER_CSV_REQUIRED = ['email', 'fullname'] as const;
export const MEMBER_CSV_MAX_ROWS = 2000;
export const MEMBER_CSV_TEMPLATE = `${MEMBER_CSV_COLUMNS.join(',')}\r\nbudi.santoso@contoh.id,Budi Santoso,081234567890\r\n`;

/** Order statuses (the server's codes) with the words the console shows. */
export const ORDER_STATUS_LABELS = {
  not_started: 'Belum mulai',
  in_progress: 'Berlangsung',
  completed: 'Selesai',
  disqualified: 'Gugur',
} as const;
export type OrderStatusCode = keyof typeof ORDER_STATUS_LABELS;
export const ORDER_STATUS_CODES = Object.keys(ORDER_STATUS_LABELS) as OrderStatusCode[];

/** The results export's columns (CSV header row and XLSX first row), in order. */
export const RESULT_EXPORT_HEADERS = [
  'Nama', 'Email', 'No. Pesanan', 'Status', 'Listening', 'Structure', 'Reading', 'Total', 'Level', 'CEFR',
  'Pelanggaran Tab Baru', 'Pelanggaran Wajah', 'Pelanggaran Suara', 'Dibuat', 'Mulai', 'Selesai', 'Gugur',
  // Issue 18: the extra time and break granted ('×1,5; istirahat 10 menit'), empty for none.
  'Akomodasi',
] as const;

/** Largest licence batch one request may generate. */
export const LICENCE_BATCH_MAX = 1000;

/** The audit log's target types in the console's words (the code stays in a tooltip for support). */
export const AUDIT_TARGET_LABELS: Readonly<Record<string, string>> = {
  certificate: 'Sertifikat', company: 'Perusahaan', exam: 'Ujian', insights: 'Statistik hasil', institution: 'Lembaga', media: 'Berkas',
  member: 'Anggota', order: 'Tes', privacy_request: 'Permintaan data pribadi', results: 'Hasil tes', 'licence-batch': 'Batch lisensi',
  session: 'Sesi tes', shipment: 'Pengiriman', staff: 'Staf',
};
