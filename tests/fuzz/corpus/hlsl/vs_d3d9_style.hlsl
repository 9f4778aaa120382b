float4x4 World;
float4x4 ViewProjection;
float Time = 1.0;
struct VS_OUTPUT { float4 Position : POSITION; float4 Color : COLOR0; float2 Tex : TEXCOORD0; };
void main(in float4 pos : POSITION, in float3 n : NORMAL, out VS_OUTPUT o)
{
    o = (VS_OUTPUT)0;
    float4 wp = mul(pos, World);
    o.Position = mul(wp, ViewProjection);
    float3 wn = normalize(mul(n, (float3x3)World));
    o.Color = float4(saturate(wn * 0.5 + 0.5), any(wn > 0.5) ? 1 : 0);
    o.Tex = float2(sin(Time), cos(Time)) * 0.25 + 0.5.xx;
    o.Color.rgb *= frac(Time) + floor(Time) + abs(-Time) + step(0.5, Time);
}
