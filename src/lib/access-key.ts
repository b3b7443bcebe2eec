// The public access key the member endpoints expect (spec section 9: a fixed constant).
export const accessKey: string = import.meta.env.VITE_ACCESS_KEY ?? 'epot-public-demo-key';
