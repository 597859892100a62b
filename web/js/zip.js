// A store-only ZIP writer (PKWARE APPNOTE 6.3: local headers, central directory, end record;
// method 0, no compression) with its CRC-32 (IEEE 802.3 polynomial, reflected 0xEDB88320).
// Names are UTF-8 with general purpose bit 11 set. No ZIP64: the whole archive must stay
// under 4 GiB and 65,535 entries, which a browser download of records does not reach.
(function () {
  'use strict';

  const table = (() => {
    const t = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
      t[n] = c >>> 0;
    }
    return t;
  })();

  function crc32(bytes) {
    let c = 0xFFFFFFFF;
    for (let i = 0; i < bytes.length; i++) c = table[(c ^ bytes[i]) & 0xFF] ^ (c >>> 8);
    return (c ^ 0xFFFFFFFF) >>> 0;
  }

  // MS-DOS date and time of a Date (2-second resolution, years 1980-2107).
  function dosTime(date) {
    const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
    return {
      time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
      date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
    };
  }

  // entries: [{name: string, data: Uint8Array|string}] → Blob (application/zip).
  // Duplicate names get " (2)", " (3)"… before the extension so no entry hides another.
  function makeZip(entries, date) {
    const encoder = new TextEncoder();
    const stamp = dosTime(date || new Date());
    const parts = [];
    const central = [];
    const seen = new Map();
    let offset = 0;
    if (entries.length > 0xFFFF) throw new Error('too many files for a ZIP without ZIP64');
    for (const entry of entries) {
      const name = uniqueName(entry.name, seen);
      const nameBytes = encoder.encode(name);
      const data = typeof entry.data === 'string' ? encoder.encode(entry.data) : entry.data;
      const crc = crc32(data);
      const local = new DataView(new ArrayBuffer(30));
      local.setUint32(0, 0x04034B50, true);
      local.setUint16(4, 20, true);           // version needed: 2.0
      local.setUint16(6, 0x0800, true);       // UTF-8 names
      local.setUint16(8, 0, true);            // stored
      local.setUint16(10, stamp.time, true);
      local.setUint16(12, stamp.date, true);
      local.setUint32(14, crc, true);
      local.setUint32(18, data.length, true);
      local.setUint32(22, data.length, true);
      local.setUint16(26, nameBytes.length, true);
      local.setUint16(28, 0, true);
      parts.push(local, nameBytes, data);

      const dir = new DataView(new ArrayBuffer(46));
      dir.setUint32(0, 0x02014B50, true);
      dir.setUint16(4, 0x0314, true);         // made by: UNIX, 2.0
      dir.setUint16(6, 20, true);
      dir.setUint16(8, 0x0800, true);
      dir.setUint16(10, 0, true);
      dir.setUint16(12, stamp.time, true);
      dir.setUint16(14, stamp.date, true);
      dir.setUint32(16, crc, true);
      dir.setUint32(20, data.length, true);
      dir.setUint32(24, data.length, true);
      dir.setUint16(28, nameBytes.length, true);
      dir.setUint16(30, 0, true);             // extra
      dir.setUint16(32, 0, true);             // comment
      dir.setUint16(34, 0, true);             // disk
      dir.setUint16(36, 0, true);             // internal attributes
      dir.setUint32(38, (0o100644 << 16) >>> 0, true); // regular file, rw-r--r--
      dir.setUint32(42, offset, true);
      central.push(dir, nameBytes);
      offset += 30 + nameBytes.length + data.length;
      if (offset > 0xFFFFFFFF) throw new Error('archive larger than 4 GiB');
    }
    let centralSize = 0;
    for (const part of central) centralSize += part.byteLength;
    const end = new DataView(new ArrayBuffer(22));
    end.setUint32(0, 0x06054B50, true);
    end.setUint16(8, entries.length, true);
    end.setUint16(10, entries.length, true);
    end.setUint32(12, centralSize, true);
    end.setUint32(16, offset, true);
    return new Blob([...parts, ...central, end], { type: 'application/zip' });
  }

  function uniqueName(name, seen) {
    const key = name.toLowerCase();
    const count = (seen.get(key) || 0) + 1;
    seen.set(key, count);
    if (count === 1) return name;
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const ext = dot > 0 ? name.slice(dot) : '';
    const next = `${stem} (${count})${ext}`;
    return seen.has(next.toLowerCase()) ? uniqueName(next, seen) : (seen.set(next.toLowerCase(), 1), next);
  }

  window.KifuZip = { crc32, makeZip };
})();
