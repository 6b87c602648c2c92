/**
 * The demo courses' artwork: SVG pictures drawn for this project, one per demo course. They are
 * served like a stored thumbnail, at /api/images/{id} under a fixed id of their own (so the course
 * form accepts the address as it accepts a generated thumbnail's), from this module rather than
 * from file storage: they ship with the code. What matters in each stays between y = 52 and 308,
 * so a card cropping the 16:9 picture to 5:2 still shows it whole.
 */

type SeedThumbnail = { course: string; id: string; svg: string };

const frame = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360" role="img">` +
  `<defs>${defs}</defs>${body}</svg>`;

/** A grid of faint dots, the paper the pictures are drawn on. */
const dots = (id: string, colour: string) =>
  `<pattern id="${id}" width="24" height="24" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.6" fill="${colour}"/></pattern>`;

const C_ART = frame(
  `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#0e7490"/></linearGradient>` +
    dots('dots', 'rgba(255,255,255,0.10)'),
  `<rect width="640" height="360" fill="url(#bg)"/><rect width="640" height="360" fill="url(#dots)"/>` +
    // A terminal window with a C program in it.
    `<g transform="translate(300 58)">` +
    `<rect width="292" height="226" rx="14" fill="#0b1220" opacity="0.92"/>` +
    `<rect width="292" height="30" rx="14" fill="#1f2a44"/><rect y="16" width="292" height="14" fill="#1f2a44"/>` +
    `<circle cx="20" cy="15" r="5" fill="#f87171"/><circle cx="38" cy="15" r="5" fill="#fbbf24"/><circle cx="56" cy="15" r="5" fill="#34d399"/>` +
    `<g font-family="ui-monospace,SFMono-Regular,Menlo,Consolas,monospace" font-size="15">` +
    `<text x="18" y="62" fill="#93c5fd">#include</text><text x="96" y="62" fill="#fcd34d">&lt;stdio.h&gt;</text>` +
    `<text x="18" y="98" fill="#c4b5fd">int</text><text x="52" y="98" fill="#e2e8f0">main(void) {</text>` +
    `<text x="40" y="126" fill="#c4b5fd">int</text><text x="74" y="126" fill="#e2e8f0">x = 42, *p = &amp;x;</text>` +
    `<text x="40" y="154" fill="#7dd3fc">printf</text><text x="94" y="154" fill="#86efac">("%d\\n", *p);</text>` +
    `<text x="40" y="182" fill="#c4b5fd">return</text><text x="104" y="182" fill="#fcd34d">0</text><text x="113" y="182" fill="#e2e8f0">;</text>` +
    `<text x="18" y="208" fill="#e2e8f0">}</text></g></g>` +
    // The big letter.
    `<text x="56" y="250" font-family="ui-sans-serif,system-ui,Segoe UI,Helvetica,Arial,sans-serif" font-size="210" font-weight="800" fill="#ffffff">C</text>` +
    `<rect x="62" y="276" width="150" height="10" rx="5" fill="#67e8f9"/>`,
);

const JAVA_ART = frame(
  `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c2d12"/><stop offset="1" stop-color="#c2410c"/></linearGradient>` +
    dots('dots', 'rgba(255,255,255,0.10)'),
  `<rect width="640" height="360" fill="url(#bg)"/><rect width="640" height="360" fill="url(#dots)"/>` +
    // A class diagram: a parent class and two subclasses.
    `<g transform="translate(0 18)" font-family="ui-monospace,SFMono-Regular,Menlo,Consolas,monospace" font-size="15" fill="#431407">` +
    `<g transform="translate(372 40)"><rect width="180" height="86" rx="10" fill="#fff7ed"/><rect width="180" height="32" rx="10" fill="#fed7aa"/>` +
    `<rect y="22" width="180" height="10" fill="#fed7aa"/><text x="90" y="22" text-anchor="middle" font-weight="700">Shape</text>` +
    `<text x="14" y="56">area(): double</text><text x="14" y="76">name: String</text></g>` +
    `<path d="M462 126v34M392 160h140M392 160v28M532 160v28" stroke="#fff7ed" stroke-width="3" fill="none"/>` +
    `<path d="M452 138l10-12 10 12z" fill="#fff7ed"/>` +
    `<g transform="translate(322 188)"><rect width="140" height="70" rx="10" fill="#fff7ed"/><rect width="140" height="30" rx="10" fill="#fdba74"/>` +
    `<rect y="20" width="140" height="10" fill="#fdba74"/><text x="70" y="21" text-anchor="middle" font-weight="700">Circle</text><text x="12" y="54">radius</text></g>` +
    `<g transform="translate(470 188)"><rect width="140" height="70" rx="10" fill="#fff7ed"/><rect width="140" height="30" rx="10" fill="#fdba74"/>` +
    `<rect y="20" width="140" height="10" fill="#fdba74"/><text x="70" y="21" text-anchor="middle" font-weight="700">Square</text><text x="12" y="54">side</text></g></g>` +
    // A steaming cup and the course's name.
    `<g transform="translate(64 40)" fill="none" stroke="#ffffff" stroke-linecap="round" stroke-width="9">` +
    `<path d="M40 10c-14 16 14 22 0 40M78 4c-14 16 14 22 0 40M116 10c-14 16 14 22 0 40" stroke="#fed7aa" stroke-width="7"/>` +
    `<path d="M8 78h150v56a46 46 0 0 1-46 46H54A46 46 0 0 1 8 134z" fill="#ffffff" stroke="none"/>` +
    `<path d="M158 96h14a24 24 0 0 1 0 48h-16"/><path d="M-6 198h190"/></g>` +
    `<text x="58" y="298" font-family="ui-sans-serif,system-ui,Segoe UI,Helvetica,Arial,sans-serif" font-size="40" font-weight="800" fill="#ffffff">class Java</text>`,
);

const WEBGL_ART = frame(
  `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#581c87"/></linearGradient>` +
    `<linearGradient id="face1" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#22d3ee"/><stop offset="1" stop-color="#6366f1"/></linearGradient>` +
    `<linearGradient id="face2" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a855f7"/><stop offset="1" stop-color="#ec4899"/></linearGradient>` +
    `<linearGradient id="face3" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f0abfc"/><stop offset="1" stop-color="#818cf8"/></linearGradient>`,
  `<rect width="640" height="360" fill="url(#bg)"/>` +
    // A floor grid in perspective.
    `<g stroke="#a5b4fc" stroke-opacity="0.28" stroke-width="1.5">` +
    `<path d="M0 270h640M0 298h640M0 330h640"/>` +
    `<path d="M320 240L20 360M320 240L170 360M320 240L320 360M320 240L470 360M320 240L620 360M320 240L-130 360M320 240L770 360"/></g>` +
    `<path d="M0 240h640" stroke="#c4b5fd" stroke-opacity="0.5" stroke-width="2"/>` +
    // A shaded cube with its wireframe edges and vertices.
    `<g transform="translate(400 62)">` +
    `<path d="M80 0l80 44-80 44L0 44z" fill="url(#face3)"/>` +
    `<path d="M0 44l80 44v96L0 140z" fill="url(#face1)"/>` +
    `<path d="M160 44L80 88v96l80-44z" fill="url(#face2)"/>` +
    `<g fill="none" stroke="#ffffff" stroke-width="2.5" stroke-linejoin="round"><path d="M80 0l80 44v96l-80 44L0 140V44z"/><path d="M0 44l80 44 80-44M80 88v96"/></g>` +
    `<g fill="#ffffff"><circle cx="80" cy="0" r="5"/><circle cx="160" cy="44" r="5"/><circle cx="0" cy="44" r="5"/><circle cx="80" cy="88" r="5"/>` +
    `<circle cx="0" cy="140" r="5"/><circle cx="160" cy="140" r="5"/><circle cx="80" cy="184" r="5"/></g></g>` +
    // The classic first triangle, in RGB.
    `<g transform="translate(16 46)"><path d="M250 96l52 92H198z" fill="#f43f5e" opacity="0.9"/>` +
    `<path d="M250 96l52 92H198z" fill="none" stroke="#ffffff" stroke-width="2"/>` +
    `<circle cx="250" cy="96" r="5" fill="#ef4444"/><circle cx="302" cy="188" r="5" fill="#22c55e"/><circle cx="198" cy="188" r="5" fill="#3b82f6"/></g>` +
    `<text x="44" y="112" font-family="ui-sans-serif,system-ui,Segoe UI,Helvetica,Arial,sans-serif" font-size="64" font-weight="800" fill="#ffffff">WebGL</text>` +
    `<text x="48" y="146" font-family="ui-monospace,SFMono-Regular,Menlo,Consolas,monospace" font-size="18" fill="#c4b5fd">gl.drawArrays()</text>`,
);

export const SEED_THUMBNAILS: readonly SeedThumbnail[] = [
  { course: 'C Programming Fundamentals', id: '6cb4d15a-730f-4e3b-97bd-8ebf55e385eb', svg: C_ART },
  { course: 'Java Object-Oriented Programming', id: 'a5d281d4-165c-4f2c-a86f-eb73a7e5c71f', svg: JAVA_ART },
  { course: 'WebGL 3D Graphics', id: '7c034b09-b8a0-4fa0-89e9-5cca995bb3d6', svg: WEBGL_ART },
];

/** The address a demo course's thumbnail is stored under. */
export const seedThumbnailUrl = (t: SeedThumbnail) => `/api/images/${t.id}`;

/** The artwork served for an image id, when the id is one of the demo courses' pictures. */
export const seedThumbnailSvg = (id: string): string | undefined => SEED_THUMBNAILS.find((t) => t.id === id)?.svg;
