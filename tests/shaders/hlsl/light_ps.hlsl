// Per-pixel lighting: a light array of structs in a cbuffer, a loop over it (small and of a
// known count: unrolled everywhere), the normal renormalized per pixel.
#include "common.hlsli"

#define NUM_LIGHTS 3

cbuffer Lights : register(b0)
{
    Light lights[NUM_LIGHTS];
    float4 ambient;
};

float4 main(VSOut i) : SV_Target
{
    float3 n = normalize(i.n);
    float3 c = ambient.rgb;
    for (int k = 0; k < NUM_LIGHTS; k++)
        c += lights[k].color.rgb * lights[k].color.a * lambert(n, lights[k].dir.xyz);
    return float4(c * i.col.rgb, 1);
}
