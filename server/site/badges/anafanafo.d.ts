declare module 'anafanafo' {
  /** Width in pixels of `text` set in `font`, from shields.io's measured character-width tables. */
  export default function measure(
    text: string,
    options: {
      font: '10px Verdana' | 'bold 10px Verdana' | '11px Verdana' | 'bold 11px Helvetica';
      guess?: boolean;
    },
  ): number;
}
