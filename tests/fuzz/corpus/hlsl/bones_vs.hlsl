cbuffer Skin : register(b0) { float4 pad; float4x3 Bones[3]; };
struct O { float4 pos : SV_Position; float3 col : COLOR0; };
O main(float4 p : POSITION, float4 idx : BLENDINDICES)
{
    O o;
    o.pos = p;
    float4x3 b = Bones[(int)idx.x];
    o.col = mul(float4(1, 0, 0, 0), b) + b[3] * 0.5;   /* row 0, and half of row 3 */
    return o;
}
