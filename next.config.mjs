/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Loaded from node_modules at run time: zxing-wasm reads its .wasm from the package, sharp its native binary.
  serverExternalPackages: ['zxing-wasm', 'sharp'],
  outputFileTracingIncludes: { '/*': ['./node_modules/zxing-wasm/dist/reader/zxing_reader.wasm'] },
  images: {
    remotePatterns: [
      { protocol: 'http', hostname: '127.0.0.1' },
      { protocol: 'http', hostname: 'localhost' },
      { protocol: 'https', hostname: '*.supabase.co' },
    ],
  },
}

export default nextConfig
