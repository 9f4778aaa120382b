// Normal mapping: the tangent-space normal from the texture, into the surface's frame
// (tangent, bitangent = cross(n, t), normal), lit by one light.
#include "common.hlsli"

cbuffer Material : register(b0)
{
    Light sun;
};

SamplerState smp : register(s0);
Texture2D normals : register(t0);

float4 main(VSOut i) : SV_Target
{
    float3 n = normalize(i.n), t = normalize(i.t);
    float3 b = cross(n, t);
    float3 ts = normals.Sample(smp, i.uv).xyz * 2 - 1;
    float3 wn = normalize(ts.x * t + ts.y * b + ts.z * n);
    return float4(sun.color.rgb * lambert(wn, sun.dir.xyz), 1);
}
