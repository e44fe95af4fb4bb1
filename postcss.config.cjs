// Mantine's PostCSS preset: rem()/em() functions and the light/dark and breakpoint mixins
// used by our CSS modules (breakpoints written as em values: sm = 48em).
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
