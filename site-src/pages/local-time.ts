/**
 * `/assets/local-time.js`, on every page. Beside every exact time a page shows
 * (`<time datetime="…T…Z">…UTC</time>`), the same instant in the reader's own time zone, in the
 * page's language (`<html lang>`), with the zone's name. The words come from
 * `<html data-your-time="your time: {time}">`. Where the reader's clock reads UTC at that instant
 * (a UTC zone, or London in winter), the UTC time already is their time, so nothing is added; a date
 * alone has no time to convert. Without the script (blocked, old browser), the UTC times stand as
 * they are.
 *
 * The formatter is made only when some instant needs it: a first `Intl.DateTimeFormat` costs a phone
 * tens of milliseconds of main thread, while `getTimezoneOffset()` costs next to nothing.
 */
function addLocalTimes(): void {
  const root = document.documentElement;
  let format: Intl.DateTimeFormat | null | undefined;
  for (const time of document.querySelectorAll('time[datetime*="T"]')) {
    const next = time.nextElementSibling;
    if (next && next.classList.contains('local-time')) continue;
    const date = new Date(time.getAttribute('datetime') ?? '');
    if (isNaN(date.getTime()) || date.getTimezoneOffset() === 0) continue;
    format ??= localFormat(root.lang);
    if (!format) return;
    const words = root.getAttribute('data-your-time') || '{time}';
    const local = document.createElement('span');
    local.className = 'local-time';
    local.textContent = ` (${words.replace('{time}', format.format(date))})`;
    time.parentNode?.insertBefore(local, time.nextSibling);
  }
}

/** The page language's date and time with the zone's short name; null where the browser has none. */
function localFormat(lang: string): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat(lang || undefined, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
  } catch {
    return null;
  }
}

addLocalTimes();
