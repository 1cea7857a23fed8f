// A link as a QR code (the table's join link, a league's invite link). The vendored qrcode-generator
// (56 KB, a classic script defining window.qrcode) is loaded only when a code is first drawn; its URL
// is the page's data-qr.
function loadScript(src) {
  return new Promise((resolve, reject) => {
    const el = document.createElement("script");
    el.src = src;
    el.onload = resolve;
    el.onerror = reject;
    document.head.append(el);
  });
}

export async function drawQr(box, link, src = document.body.dataset.qr) {
  if (!box || box.dataset.link === link) return;
  if (!globalThis.qrcode) await loadScript(src);
  const qr = globalThis.qrcode(0, "M");
  qr.addData(link);
  qr.make();
  box.innerHTML = qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true });
  box.dataset.link = link;
}
