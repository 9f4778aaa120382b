Sstruct V { float4 pos : SV_Position; float3 col : COLOR0; };
struct D { float4 pos : SV_Position; float dist : TEXCOORD0; };
[maxvertexcount(2)] [instance(2)]
void main(point V v[1], uint id : SV_GSInstanceID, inout PointStream<V> s0, inout PointStream<D> s1)
{
    float d = length(v[0].col) + id;
    if (d > 1) { s0.Append(v[0]); }
    else { D o; o.pos = v[0].pos; o.dist = d; s1.Append(o); s1.RestartStrip(); }
}
