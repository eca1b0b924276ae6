/**
 * The demo options' pictures (DESIGN §2: drawn by the project, nothing downloaded): the short title that names
 * them, and for each picture its scene and the caption and alt text that say what it shows. A picture is fixed
 * by its address alone (`/images/OP0001-2.svg` is always the second scene here), so its text and its drawing
 * always agree; the seed writes these captions and alt texts into `option_images`. Each was checked by
 * rendering the picture and looking at it. The text is data (demo-pictures.json): every scene is described once,
 * and options sharing a scene share its caption and alt text.
 */
import { z } from 'zod';
import data from './demo-pictures.json' with { type: 'json' };
import { IMAGE_THEMES, type ImageTheme } from './images.ts';

export interface DemoPictureSpec {
  theme: ImageTheme;
  /** A short caption shown under the picture. */
  caption: string;
  /** What the picture shows, for those who cannot see it. */
  alt: string;
  /** Both in English. */
  en: { caption: string; alt: string };
}

export interface DemoPicture {
  /** The pictures' accessible name (a short form of the option's name); nothing is written on the pictures. */
  title: string;
  pictures: DemoPictureSpec[];
}

const { scenes, options } = z
  .object({
    scenes: z.record(
      z.string(),
      z.object({
        theme: z.enum(IMAGE_THEMES),
        caption: z.string(),
        alt: z.string(),
        en: z.object({ caption: z.string().min(1), alt: z.string().min(1) }),
      }),
    ),
    options: z.record(z.string(), z.object({ title: z.string(), pictures: z.array(z.string()).min(1) })),
  })
  .parse(data);

function sceneNamed(opcd: string, name: string): DemoPictureSpec {
  const scene = scenes[name];
  if (!scene) throw new Error(`demo-pictures.json: ${opcd} shows the unknown scene ${name}`);
  return scene;
}

/** Every demo option's title and pictures, by option code (read and checked once, when the module loads). */
export const DEMO_PICTURES: Readonly<Record<string, DemoPicture>> = Object.fromEntries(
  Object.entries(options).map(([opcd, { title, pictures }]) => [
    opcd,
    { title, pictures: pictures.map((name) => sceneNamed(opcd, name)) },
  ]),
);
