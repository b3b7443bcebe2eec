// The operator's part of the staff console (companies, institutions, announcements, exam import,
// certificates, shipments): the server's messages, limits the console shows before an upload.
export const OPERATOR_MESSAGES = {
  companyCreated: 'Perusahaan berhasil dibuat',
  companySaved: 'Perusahaan berhasil disimpan',
  institutionCreated: 'Lembaga berhasil dibuat',
  institutionSaved: 'Lembaga berhasil disimpan',
  announcementSaved: 'Pengumuman berhasil disimpan',
  maintenanceOn: 'Mode pemeliharaan aktif',
  maintenanceOff: 'Mode pemeliharaan nonaktif',
  imageUploaded: 'Gambar berhasil diunggah',
  imageType: 'Gambar harus berupa JPEG atau PNG',
  imageUrl: 'Alamat gambar harus berupa path di situs ini (mis. /images/promo.png)',
  fileRequired: 'File wajib diunggah',
  fileTooLarge: (mb: number) => `Ukuran file maksimal ${mb} MB`,
  notMultipart: 'Unggahan harus berupa multipart/form-data',
  oneFile: 'Kirim tepat satu file pada field file',
  zipInvalid: 'File bukan arsip ZIP yang valid',
  zipUnsafe: (name: string) => `Arsip berisi path yang tidak diizinkan: ${name}`,
  zipTooBig: 'Isi arsip terlalu besar',
  zipTooManyFiles: 'Arsip berisi terlalu banyak file',
  zipNoExam: 'Arsip harus berisi exam.json',
  companyRequired: 'Pilih perusahaan (company_id)',
  examImported: 'Ujian berhasil diimpor',
  examProblems: 'Isi ujian bermasalah; tidak ada yang disimpan',
  examActivated: 'Versi ujian diaktifkan',
  examArchived: 'Versi ujian diarsipkan',
  certificateRevoked: 'Sertifikat dicabut',
  certificateAlreadyRevoked: 'Sertifikat sudah dicabut sebelumnya',
  certificateReissued: 'Sertifikat baru diterbitkan',
  shipmentSaved: 'Status pengiriman diperbarui',
} as const;

/** Upload limits (the console checks them before sending; the server enforces them). */
export const ANNOUNCEMENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const EXAM_ZIP_MAX_BYTES = 200 * 1024 * 1024;
/** The unpacked total and file count a zip may have (zip bombs stop here). */
export const EXAM_ZIP_MAX_UNPACKED_BYTES = 500 * 1024 * 1024;
export const EXAM_ZIP_MAX_FILES = 2000;
/** The name of the content file inside the zip (docs/content-format.md). */
export const EXAM_ZIP_CONTENT_FILE = 'exam.json';
