// Texts of the console's staff-account screens (the staff list and "add staff", the password-set
// page of the one-time link) and of the institution's two-factor rule for its staff. Staff chunks
// only import this file. Texts the server also sends come from contracts/facts/staff.ts.
import { STAFF_MESSAGES, STAFF_PASSWORD_MIN_LENGTH } from '../../contracts/facts/index.ts';

export const staffAccountMessages = {
  list: {
    title: 'Staf',
    intro: 'Akun staf baru menerima email berisi tautan sekali pakai untuk membuat password sendiri.',
    tableLabel: 'Daftar akun staf',
    empty: 'Belum ada akun staf.',
    columns: { name: 'Nama', email: 'E-mail', role: 'Peran', institution: 'Lembaga', state: 'Status', actions: 'Tindakan' },
    allInstitutions: 'Semua lembaga',
    active: 'Aktif',
    inactive: 'Nonaktif',
    noPassword: 'belum membuat password',
    totpOn: 'verifikasi dua langkah aktif',
    resend: 'Kirim ulang tautan',
    resendLabel: (email: string) => `Kirim ulang tautan password ke ${email}`,
  },
  add: {
    title: 'Tambah staf',
    email: 'E-mail',
    name: 'Nama (opsional)',
    role: 'Peran',
    institution: 'Lembaga',
    pickInstitution: 'Pilih lembaga…',
    noInstitution: 'Semua lembaga (pengawas operator)',
    proctorOnly: 'Admin lembaga dapat menambahkan pengawas untuk lembaganya sendiri.',
    submit: 'Tambah staf',
    emailRequired: 'E-mail tidak boleh kosong',
    emailInvalid: 'E-mail harus valid',
    institutionRequired: 'Pilih lembaga untuk admin lembaga',
    sent: STAFF_MESSAGES.staffCreated,
  },
  passwordSet: {
    title: 'Buat password akun staf',
    loading: 'Memeriksa tautan…',
    forAccount: (email: string, role: string) => `Akun: ${email} (${role})`,
    password: 'Password baru',
    passwordHint: `Minimal ${STAFF_PASSWORD_MIN_LENGTH} karakter. Gunakan kalimat atau kombinasi yang tidak mudah ditebak.`,
    confirm: 'Ulangi password baru',
    passwordRequired: 'Password tidak boleh kosong',
    passwordTooShort: STAFF_MESSAGES.passwordTooShort,
    mismatch: 'Kedua password harus sama',
    submit: 'Simpan password',
    done: STAFF_MESSAGES.passwordSet,
    toLogin: 'Ke halaman login staf',
  },
  totpRule: {
    title: 'Verifikasi dua langkah untuk staf lembaga',
    hint: 'Bila diwajibkan, setiap admin dan pengawas lembaga ini harus mengaktifkan verifikasi dua langkah (aplikasi autentikator) sebelum dapat memakai konsol. Berlaku mulai permintaan berikutnya.',
    switch: 'Wajibkan verifikasi dua langkah bagi admin dan pengawas lembaga ini',
    readOnlyOn: 'Lembaga ini mewajibkan verifikasi dua langkah bagi staf.',
    readOnlyOff: 'Lembaga ini belum mewajibkan verifikasi dua langkah bagi staf.',
    institutionMustEnrol: 'Lembaga Anda mewajibkan verifikasi dua langkah bagi semua admin dan pengawasnya.',
  },
} as const;
