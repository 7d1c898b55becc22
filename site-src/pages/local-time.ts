/**
 * `/assets/local-time.js`, on every page. Beside every exact time a page shows
 * (`<time datetime="…T…Z">…UTC</time>`), the same instant in the reader's own time zone, in the
 * page's language (`<html lang>`), with the zone's name. The words come from
 * `<html data-your-time="your time: {time}">`. A reader whose zone is UTC already reads their time,
 * so nothing is added; a date alone has no time to convert. Without the script (blocked, old
 * browser), the UTC times stand as they are.
 */
function addLocalTimes(): void {
  const root = document.documentElement;
  const words = root.getAttribute('data-your-time') || '{time}';
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(root.lang || undefined, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
  } catch {
    return;
  }
  const zone = format.resolvedOptions().timeZone;
  if (!zone || zone === 'UTC' || zone === 'Etc/UTC') return;
  for (const time of document.querySelectorAll('time[datetime*="T"]')) {
    const next = time.nextElementSibling;
    if (next && next.classList.contains('local-time')) continue;
    const date = new Date(time.getAttribute('datetime') ?? '');
    if (isNaN(date.getTime())) continue;
    const local = document.createElement('span');
    local.className = 'local-time';
    local.textContent = ` (${words.replace('{time}', format.format(date))})`;
    time.parentNode?.insertBefore(local, time.nextSibling);
  }
}

addLocalTimes();
