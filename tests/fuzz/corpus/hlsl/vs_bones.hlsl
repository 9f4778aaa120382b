cbuffer C { float4 pad; float4x3 Bones[3]; };
struct O { float4 pos : SV_Position; float3 col : COLOR0; };
O main(float4 p : POSITION, float4 idx : BLENDINDICES)
{
    O o;
    o.pos = float4(mul(p, Bones[(int)idx.x]), 1);
    o.col = mul(p, Bones[(int)idx.y]) * 0.5 + Bones[(int)idx.z][1];
    return o;
}
