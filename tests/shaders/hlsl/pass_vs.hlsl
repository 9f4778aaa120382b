// Clip-space position in; the attributes the pixel shaders read passed through.
#include "common.hlsli"

VSOut main(float4 p : POSITION, float3 n : NORMAL, float3 t : TANGENT, float2 uv : TEXCOORD0,
           float4 c : COLOR0)
{
    VSOut o;
    o.pos = p;
    o.col = c;
    o.uv = uv;
    o.n = n;
    o.t = t;
    o.depth = c.w;
    return o;
}
