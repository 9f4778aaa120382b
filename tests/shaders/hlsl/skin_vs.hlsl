// Skinning: two bones of a palette by index and weight, in a cbuffer array of matrices.
cbuffer Skin : register(b0)
{
    float4x4 bones[4];
};

struct VO
{
    float4 pos : SV_Position;
    float4 col : COLOR0;
};

VO main(float4 p : POSITION, float4 w : BLENDWEIGHT, float4 idx : BLENDINDICES)
{
    VO o;
    float4 s = 0;
    [unroll] for (int k = 0; k < 2; k++)
        s += w[k] * mul(p, bones[(int)idx[k]]);
    o.pos = s;
    o.col = float4(w.x, w.y, idx.x * 0.25, 1);
    return o;
}
