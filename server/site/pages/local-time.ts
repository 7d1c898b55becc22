/** The local-time script: a same-origin file under /assets/ (hashed by assets.ts), on every page. */
export const LOCAL_TIME_JS_PATH = '/assets/local-time.js';

/**
 * Beside every exact time a page shows (`<time datetime="…T…Z">…UTC</time>`), the same instant in
 * the reader's own time zone, in the page's language (`<html lang>`), with the zone's name. The
 * words come from `<html data-your-time="your time: {time}">`. A reader whose zone is UTC already
 * reads their time, so nothing is added; a date alone has no time to convert. Without the script
 * (blocked, old browser), the UTC times stand as they are.
 */
export const LOCAL_TIME_JS = `(function () {
  'use strict';
  var root = document.documentElement;
  var words = root.getAttribute('data-your-time') || '{time}';
  var format;
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
  } catch (error) {
    return;
  }
  var zone = format.resolvedOptions().timeZone;
  if (!zone || zone === 'UTC' || zone === 'Etc/UTC') return;
  var times = document.querySelectorAll('time[datetime*="T"]');
  for (var i = 0; i < times.length; i += 1) {
    var time = times[i];
    var next = time.nextElementSibling;
    if (next && next.classList.contains('local-time')) continue;
    var date = new Date(time.getAttribute('datetime'));
    if (isNaN(date.getTime())) continue;
    var local = document.createElement('span');
    local.className = 'local-time';
    local.textContent = ' (' + words.replace('{time}', format.format(date)) + ')';
    time.parentNode.insertBefore(local, time.nextSibling);
  }
})();
`;
