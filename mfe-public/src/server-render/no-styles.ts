/** Stands in for every stylesheet import in the server's compilation (webpack.config.js): its CSS is SHARE_RENDER_CSS. */
export {};
