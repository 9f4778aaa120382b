// Shadow-map sampling: SampleCmpLevelZero of the depth in the map against the fragment's,
// and SampleCmp (implicit LOD, one mip); lit where the fragment is not behind the map.
#include "common.hlsli"

SamplerComparisonState cmp : register(s0);
Texture2D<float> shadow : register(t0);

float4 main(VSOut i) : SV_Target
{
    float lit = shadow.SampleCmpLevelZero(cmp, i.uv, i.depth);
    float lit2 = shadow.SampleCmp(cmp, i.uv, i.depth - 0.25);
    return float4(lit, lit2, 0.5, 1);
}
