// Offers data the page already holds as a file download (an object URL on a transient link).

/** Saves a Blob (or text) as a file named `name`. */
export function saveBlob(data: Blob | string, name: string, type = 'text/csv;charset=utf-8'): void {
  const blob = typeof data === 'string' ? new Blob([data], { type }) : data;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
